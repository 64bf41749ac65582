/**
 * The viewer bench's page (the default of index.html): the viewer's ScadaView with 500 bound
 * widgets on one device, fed by an in-page stand-in for the live connection instead of the socket. `?mode=frame` is the viewer as
 * shipped, `?mode=every-message` re-renders (painted widgets: redraws) every widget on each message.
 * `bench(ms)` drives the values (every widget 10 times a second, in messages of 50 changes
 * every 10 ms, as a busy socket delivers them) and measures frames meanwhile.
 */
import type { Root } from 'react-dom/client';
import { App } from 'antd';
import { ScadaView } from '../../apps/web/src/features/scada/ScadaView';
import type { Writer } from '../../apps/web/src/features/scada/writes';
import type { LiveDevice, TagSample } from '../../apps/web/src/live/types';
import { sampleFrames, type FrameFigures } from './frame-sampler';
import { gridScreen } from './grid-screen';

const query = new URLSearchParams(location.search);
const WIDGETS = Number(query.get('widgets') ?? 500);
const CHANGES_PER_SECOND = Number(query.get('rate') ?? 10);
const MESSAGE_MS = 10;
const DEVICE = 1;
const PER_MESSAGE = (WIDGETS * CHANGES_PER_SECOND * MESSAGE_MS) / 1000;

const mode = query.get('mode') === 'every-message' ? 'every-message' : 'frame';
const kinds = ['value', 'bar', 'lamp', 'gauge'] as const;
type Kind = (typeof kinds)[number];
const isKind = (s: string): s is Kind => (kinds as readonly string[]).includes(s);
// `?types=gauge` (or a list) puts only those types on the screen: what each one costs.
const picked = query.get('types')?.split(',').filter(isKind) ?? [];
const types: readonly Kind[] = picked.length ? picked : ['value', 'bar', 'lamp', 'gauge', 'value'];
const screen = gridScreen(WIDGETS, (i, place) => ({
  ...place,
  type: types[i % types.length] ?? 'value',
  binding: { tag: `t${i}` },
  props: {},
}));

// The live connection's device side, as its device store behaves: a new values map per message,
// new sample objects only for the TAGs in it.
let values = new Map<string, TagSample>();
const valueListeners = new Set<() => void>();
const device: LiveDevice = { online: { online: 1, at: 0 }, values };
const off = () => () => undefined;
const live = {
  watch: off,
  device: (id: number) => (id === DEVICE ? { ...device, values } : undefined),
  onDevices: off,
  version: 0,
  onValues: (_id: number, fn: () => void) => {
    valueListeners.add(fn);
    return () => void valueListeners.delete(fn);
  },
  onCommand: off,
  onReady: off,
  narrow: () => undefined,
};
const writer: Writer = {
  write: () => Promise.resolve({ status: 'done', error: null }),
  tag: () => Promise.resolve(undefined),
  dispose: () => undefined,
};

let next = 0;
let step = 0;
function message() {
  step += 1;
  values = new Map(values);
  for (let n = 0; n < PER_MESSAGE; n += 1) {
    values.set(`t${next}`, { value: String((step * 7 + next) % 100), ts: Date.now() });
    next = (next + 1) % WIDGETS;
  }
  valueListeners.forEach((fn) => fn());
}

/** Sends values for `ms` and records every frame meanwhile. */
export function bench(ms: number): Promise<FrameFigures> {
  const timer = setInterval(message, MESSAGE_MS);
  return sampleFrames(ms).finally(() => clearInterval(timer));
}

export function render(root: Root): void {
  root.render(
    <App style={{ flex: 1, display: 'flex' }}>
      <ScadaView
        screen={screen}
        deviceId={DEVICE}
        live={live}
        canWrite={false}
        onGoto={() => undefined}
        mode={mode}
        writer={writer}
      />
    </App>,
  );
}
