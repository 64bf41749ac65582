/**
 * The screen benches' one page: `?page=editor` is the editor's (editor.tsx, bench/scada-editor-frames),
 * anything else the viewer's (viewer.tsx, bench/scada-frames). Only the chosen one is loaded. The
 * bench drives it through `window.bench` once `window.benchReady` is true.
 */
import { createRoot } from 'react-dom/client';
import type { FrameFigures } from './frame-sampler';

/** Records frames for `ms`; the editor's page drags from the screen point (x, y) meanwhile. */
type Bench = (ms: number, x: number, y: number) => Promise<FrameFigures>;

declare global {
  interface Window {
    bench: Bench;
    benchReady: boolean;
  }
}

const editor = new URLSearchParams(location.search).get('page') === 'editor';
void (editor ? import('./editor') : import('./viewer')).then((page) => {
  window.bench = page.bench;
  page.render(createRoot(document.getElementById('root') as HTMLElement));
  window.benchReady = true;
});
