import { useEffect, useRef } from 'react';
import type { LiveConnection } from '../../live/types';
import { live as appLive } from '../../live/live';

/**
 * Calls the latest `handler` whenever the live socket says the user's messages changed (raised and
 * recovered alarms create alarm messages) and after a reconnect, when such news may have been missed.
 */
export function useAlarmLive(handler: () => void, live: LiveConnection = appLive): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const stops = [
      live.onMessages(() => latest.current()),
      live.onReady((again) => {
        if (again) latest.current();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [live]);
}
