/**
 * The values a screen shows, keyed by device and TAG. Only the keys bound on the screen are kept;
 * a change marks its key dirty and the listeners of dirty keys run once per animation frame, so a
 * burst of messages costs one render of the widgets whose value changed and nothing else.
 *
 * `mode: 'every-message'` is the naive way kept for the speed bench: every message re-renders (or,
 * for the painted widgets, redraws) every widget at once. It is never used by the viewer.
 */
import type { TagSample } from '../../live/types';

export type ValueKey = `${number}:${string}`;
export const valueKey = (deviceId: number, tag: string): ValueKey => `${deviceId}:${tag}`;

/** What a widget reads: replaced only when the sample of its key changed (or, naive, per message). */
export interface Snapshot {
  sample: TagSample | undefined;
}

export interface ValueStore {
  get(key: ValueKey): Snapshot;
  subscribe(key: ValueKey, listener: () => void): () => void;
  /** The latest values of a device, as the live connection caches them. */
  push(deviceId: number, values: ReadonlyMap<string, TagSample>): void;
  /** Listeners of a key whose value changed meanwhile, run once per frame (and when flushed). */
  dispose(): void;
}

export interface ValueStoreOptions {
  mode?: 'frame' | 'every-message';
  requestFrame?: (fn: () => void) => number;
  cancelFrame?: (handle: number) => void;
}

const EMPTY: Snapshot = { sample: undefined };

export function createValueStore(keys: Iterable<ValueKey>, options: ValueStoreOptions = {}): ValueStore {
  const mode = options.mode ?? 'frame';
  const requestFrame = options.requestFrame ?? ((fn) => requestAnimationFrame(fn));
  const cancelFrame = options.cancelFrame ?? ((h) => cancelAnimationFrame(h));
  const snapshots = new Map<ValueKey, Snapshot>();
  /** Bound TAG names per device: a message touches only these. */
  const byDevice = new Map<number, { tag: string; key: ValueKey }[]>();
  for (const key of new Set(keys)) {
    snapshots.set(key, EMPTY);
    const at = key.indexOf(':');
    const deviceId = Number(key.slice(0, at));
    const list = byDevice.get(deviceId) ?? [];
    list.push({ tag: key.slice(at + 1), key });
    byDevice.set(deviceId, list);
  }
  const listeners = new Map<ValueKey, Set<() => void>>();
  const dirty = new Set<ValueKey>();
  let frame: number | null = null;

  const notify = (key: ValueKey) => listeners.get(key)?.forEach((fn) => fn());
  const flush = () => {
    frame = null;
    const keysNow = [...dirty];
    dirty.clear();
    keysNow.forEach(notify);
  };

  return {
    get: (key) => snapshots.get(key) ?? EMPTY,
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(key);
      };
    },
    push(deviceId, values) {
      const bound = byDevice.get(deviceId);
      if (!bound) return;
      if (mode === 'every-message') {
        for (const { tag, key } of bound) snapshots.set(key, { sample: values.get(tag) });
        for (const { key } of bound) notify(key);
        return;
      }
      for (const { tag, key } of bound) {
        const sample = values.get(tag);
        // The live cache keeps the sample object of a TAG that did not change.
        if (sample === snapshots.get(key)?.sample) continue;
        snapshots.set(key, { sample });
        dirty.add(key);
      }
      if (dirty.size && frame === null) frame = requestFrame(flush);
    },
    dispose() {
      if (frame !== null) cancelFrame(frame);
      frame = null;
      dirty.clear();
      listeners.clear();
    },
  };
}
