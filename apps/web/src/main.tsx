// The texts first: the interface language's are awaited below, before anything renders.
import { textsReady } from './app/firstTexts';
import 'antd/dist/reset.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { preloadFirstScreen, router } from './app/router';
import './app/loading';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');

preloadFirstScreen(router.state.location.pathname);

// Rendering before the texts arrive would flash raw keys; a failed fetch still renders (untranslated)
// rather than leaving a blank page.
await textsReady.catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
