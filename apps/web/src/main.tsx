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

/** How long a signed-in first render waits for its screen's pieces (a slow network): then spinners. */
const FIRST_SCREEN_WAIT_MS = 1000;

const firstScreen = preloadFirstScreen(router.state.location.pathname);
const waited = () => new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS));

// Rendering before the texts arrive would flash raw keys; a failed fetch still renders (untranslated)
// rather than leaving a blank page. A signed-in first screen renders once its pieces are in, in one
// go (at most FIRST_SCREEN_WAIT_MS later: spinners in their place until they are). Not a
// top-level await: the chunks of that screen import this one, which would then never finish.
void Promise.all([
  textsReady.catch(() => undefined),
  firstScreen && Promise.race([firstScreen, waited()]),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
