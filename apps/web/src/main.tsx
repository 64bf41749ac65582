// The texts first: the interface language's are awaited below, before anything renders.
import { textsReady } from './app/firstTexts';
// Then a signed-in visit's first calls, before the rest of the entry evaluates.
import './app/firstData';
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

const firstScreen = preloadFirstScreen(router.state.location.pathname);

// Rendering before the texts arrive would flash raw keys; a failed fetch still renders (untranslated)
// rather than leaving a blank page. A signed-in first screen renders once its pieces are in. Not a
// top-level await: the chunks of that screen import this one, which would then never finish.
void Promise.all([textsReady.catch(() => undefined), firstScreen]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
