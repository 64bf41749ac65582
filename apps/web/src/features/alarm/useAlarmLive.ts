import { useEffect, useRef } from 'react';
import { coalesced } from '../../live/coalesce';
import type { LiveConnection } from '../../live/types';
import { live as appLive } from '../../live/live';

/**
 * Runs the latest `reload` whenever the live socket says the user's messages changed (raised and
 * recovered alarms create alarm messages) and after a reconnect, when such news may have been missed.
 * One rule firing on several devices sends a burst of such events: while a reload is in flight they
 * ask for one more at most, not one each.
 */
export function useAlarmLive(reload: () => Promise<unknown>, live: LiveConnection = appLive): void {
  const latest = useRef(reload);
  useEffect(() => {
    latest.current = reload;
  });
  useEffect(() => {
    const run = coalesced(() => latest.current());
    const stops = [
      live.onMessages(run),
      live.onReady((again) => {
        if (again) run();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [live]);
}
