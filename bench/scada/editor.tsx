/**
 * The editor bench's page (`?page=editor`): the screen editor (ScadaEditor, as /scada/edit runs it)
 * on a screen of `?widgets=` widgets (default 500) in a 25-column grid. The bench presses the mouse
 * on a widget; `bench(ms, x, y)` then moves the pointer in every frame (a pointermove on the canvas,
 * as a mouse moving continuously delivers at least one per frame) sweeping the widget over the
 * others, and records every frame meanwhile (the viewer's measure: frame-sampler.ts).
 */
import type { Root } from 'react-dom/client';
import { App } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WidgetInput } from '@hmi/contract';
import { ScadaEditor } from '../../apps/web/src/features/scada/editor/ScadaEditor';
import { sampleFrames, type FrameFigures } from './frame-sampler';
import { gridScreen } from './grid-screen';

const query = new URLSearchParams(location.search);
const WIDGETS = Number(query.get('widgets') ?? 500);
const types = ['value', 'bar', 'lamp', 'gauge', 'text', 'button'] as const;
const screen = gridScreen(WIDGETS, (i, place): WidgetInput => {
  const type = types[i % types.length] ?? 'value';
  return type === 'text'
    ? { ...place, type, props: { text: place.id } }
    : { ...place, type, binding: { tag: `t${i}` }, props: {} };
});
const off = () => () => undefined;
const live = {
  watch: off,
  device: () => undefined,
  onDevices: off,
  version: 0,
  onValues: off,
  onCommand: off,
  onReady: off,
  narrow: () => undefined,
};

/** Moves the pointer each frame from (x, y) for `ms`; records every frame meanwhile. */
export function bench(ms: number, x: number, y: number): Promise<FrameFigures> {
  const overlay = document.querySelector('.se-overlay');
  return sampleFrames(ms, (n) => {
    const at = {
      clientX: x + 600 * Math.abs(Math.sin(n / 60)),
      clientY: y + 400 * Math.abs(Math.sin(n / 85)),
    };
    overlay?.dispatchEvent(
      new PointerEvent('pointermove', { ...at, bubbles: true, pointerId: 1, pointerType: 'mouse' }),
    );
  });
}

export function render(root: Root): void {
  root.render(
    // The editor makes its version list stale after a save (the query cache, as the app provides it).
    <QueryClientProvider client={new QueryClient()}>
      <App style={{ flex: 1, display: 'flex' }}>
        <ScadaEditor
          screen={screen}
          bindable={{ kind: 'template', tags: [] }}
          screens={[]}
          previewDevices={[]}
          live={live}
          onReload={() => undefined}
        />
      </App>
    </QueryClientProvider>,
  );
}
