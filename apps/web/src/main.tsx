// i18n first: the interface language's texts are awaited below, before anything renders.
import { i18nReady } from './i18n';
import 'antd/dist/reset.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { router } from './app/router';
import './app/loading';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

// Rendering before the texts arrive would flash raw keys; a failed fetch still renders (untranslated)
// rather than leaving a blank page.
await i18nReady.catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
