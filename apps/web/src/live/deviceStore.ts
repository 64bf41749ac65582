/**
 * The watched devices of one live connection: subscriptions are reference-counted across the screens
 * that watch them, and the latest state of each watched device is cached so a screen mounted later
 * sees it at once.
 */
import { listeners } from './listeners';
import type { DeviceEvent, LiveDevice, LiveDevices, TagSample } from './types';

const EMPTY_VALUES: ReadonlyMap<string, TagSample> = new Map();

/** A bad sample as held: the last good value received before (with its time), else the server's. */
function badSample(prev: TagSample | undefined, held: string, ts: number, q: string): TagSample {
  if (!prev) return { value: held, ts, q };
  const goodTs = prev.q === undefined ? prev.ts : prev.goodTs;
  return goodTs === undefined ? { value: prev.value, ts, q } : { value: prev.value, ts, q, goodTs };
}

export interface DeviceStore extends LiveDevices {
  /** Every watched id (to subscribe again after a reconnect). */
  watched(): number[];
  apply(event: DeviceEvent): void;
  /** Forgets what the socket said (the session ended); the watches stay. */
  forget(): void;
}

/** `subscriptions` is told of ids first watched and last released; it sends them while live. */
export function createDeviceStore(
  subscriptions: (type: 'subscribe' | 'unsubscribe', ids: number[]) => void,
): DeviceStore {
  const refs = new Map<number, number>();
  const devices = new Map<number, LiveDevice>();
  let version = 0;
  const deviceListeners = listeners<[]>();
  const valueListeners = new Map<number, Set<() => void>>();

  function update(id: number, patch: (d: LiveDevice) => LiveDevice): boolean {
    const current = devices.get(id);
    if (!current) return false;
    devices.set(id, patch(current));
    return true;
  }

  function changed() {
    version += 1;
    deviceListeners.emit();
  }

  function apply(event: DeviceEvent) {
    switch (event.type) {
      case 'values':
        if (
          update(event.device_id, (d) => {
            const values = new Map(d.values);
            for (const v of event.values) {
              const prev = values.get(v.tag);
              if (prev && v.ts < prev.ts) continue;
              // A bad sample has no value: the last good one stays (greyed where it is shown).
              if (v.q !== undefined) values.set(v.tag, badSample(prev, v.value, v.ts, v.q));
              else values.set(v.tag, { value: v.value, ts: v.ts });
            }
            return { ...d, values };
          })
        )
          valueListeners.get(event.device_id)?.forEach((fn) => fn());
        return;
      case 'online':
        if (update(event.device_id, (d) => ({ ...d, online: { online: event.online, at: event.at } })))
          changed();
        return;
      case 'sync': {
        const { sync_status, hmi_version, cloud_version } = event;
        if (update(event.device_id, (d) => ({ ...d, sync: { sync_status, hmi_version, cloud_version } })))
          changed();
        return;
      }
    }
  }

  function watch(ids: readonly number[]): () => void {
    const added: number[] = [];
    for (const id of new Set(ids)) {
      const n = refs.get(id) ?? 0;
      refs.set(id, n + 1);
      if (n === 0) {
        added.push(id);
        devices.set(id, { values: EMPTY_VALUES });
      }
    }
    if (added.length) subscriptions('subscribe', added);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const removed: number[] = [];
      for (const id of new Set(ids)) {
        const n = (refs.get(id) ?? 1) - 1;
        if (n > 0) refs.set(id, n);
        else {
          refs.delete(id);
          devices.delete(id);
          removed.push(id);
        }
      }
      if (removed.length) subscriptions('unsubscribe', removed);
    };
  }

  return {
    watch,
    watched: () => [...refs.keys()],
    apply,
    forget: () => devices.forEach((_, id) => devices.set(id, { values: EMPTY_VALUES })),
    device: (id) => devices.get(id),
    get version() {
      return version;
    },
    onDevices: deviceListeners.add,
    onValues(deviceId, listener) {
      let set = valueListeners.get(deviceId);
      if (!set) valueListeners.set(deviceId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size) valueListeners.delete(deviceId);
      };
    },
  };
}
