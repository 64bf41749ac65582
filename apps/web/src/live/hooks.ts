/** React access to the live connection: watched devices, TAG values, commands and the session's socket. */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { userStore } from '../session/userStore';
import { coalesced } from './coalesce';
import type { CommandEvent, LiveConnection, LiveDevice, LiveStatus, TagSample } from './types';
import { live as appLive } from './live';

const NO_VALUES: ReadonlyMap<string, TagSample> = new Map();

/** Keeps the session's socket open while the signed-in shell is shown; unread counts follow it. */
export function useLiveSession(live: LiveConnection = appLive): void {
  useEffect(() => {
    const reloadCounts = coalesced(() => userStore.reloadMessageCounts());
    const stops = [
      live.onMessages(reloadCounts),
      // Messages may have changed while the socket was down.
      live.onReady((again) => {
        if (again) reloadCounts();
      }),
    ];
    live.start();
    return () => {
      stops.forEach((stop) => stop());
      live.stop();
    };
  }, [live]);
}

export function useLiveStatus(live: LiveConnection = appLive): LiveStatus {
  return useSyncExternalStore(live.onStatus, () => live.status);
}

/** Watches `ids` while mounted; their online and sync states as the socket reports them. */
export function useLiveDevices(
  ids: readonly number[],
  live: LiveConnection = appLive,
): ReadonlyMap<number, LiveDevice> {
  const key = ids.join(',');
  useEffect(() => live.watch(key ? key.split(',').map(Number) : []), [key, live]);
  const version = useSyncExternalStore(live.onDevices, () => live.version);
  return useMemo(() => {
    const out = new Map<number, LiveDevice>();
    for (const id of key ? key.split(',').map(Number) : []) {
      const d = live.device(id);
      if (d) out.set(id, d);
    }
    return out;
    // `version` is the store's change counter: a new one means new device states.
  }, [key, live, version]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Watches one device while mounted; its latest TAG values (by TAG name) as they arrive. */
export function useLiveTags(
  deviceId: number | null,
  live: LiveConnection = appLive,
): ReadonlyMap<string, TagSample> {
  useEffect(() => (deviceId === null ? undefined : live.watch([deviceId])), [deviceId, live]);
  return useSyncExternalStore(
    (listener) => (deviceId === null ? () => undefined : live.onValues(deviceId, listener)),
    () => (deviceId === null ? NO_VALUES : (live.device(deviceId)?.values ?? NO_VALUES)),
  );
}

/** Calls the latest `handler` for every command status event of `deviceId`. */
export function useCommandEvents(
  deviceId: number | null,
  handler: (event: CommandEvent) => void,
  live: LiveConnection = appLive,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      deviceId === null
        ? undefined
        : live.onCommand((event) => {
            if (event.device_id === deviceId) latest.current(event);
          }),
    [deviceId, live],
  );
}

/** Calls the latest `handler` after each reconnect (what was missed meanwhile should be reloaded). */
export function useLiveReconnected(handler: () => void, live: LiveConnection = appLive): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      live.onReady((again) => {
        if (again) latest.current();
      }),
    [live],
  );
}
