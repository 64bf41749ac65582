/**
 * Follows commands sent to one device (TAG write, sync) until they are done or failed: from the
 * socket's `command` events, which may arrive before the call that sent the command has answered,
 * and from `getCommand` after a reconnect, when events may have been missed.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { CommandStatus, DeviceCommand } from '@hmi/contract';
import { getCommand } from '../api/connectivity';
import { useCommandEvents, useLiveReconnected } from './hooks';

export interface CommandOutcome {
  status: Exclude<CommandStatus, 'pending'>;
  error: string | null;
}

/** Outcomes seen but not yet asked for; only the newest are kept. */
const EARLY_MAX = 50;

export function useCommandTracker(
  deviceId: number | null,
): (command: DeviceCommand) => Promise<CommandOutcome> {
  const early = useRef(new Map<string, CommandOutcome>());
  const waiting = useRef(new Map<string, (outcome: CommandOutcome) => void>());

  const settle = useCallback((id: string, outcome: CommandOutcome) => {
    const resolve = waiting.current.get(id);
    if (resolve) {
      waiting.current.delete(id);
      resolve(outcome);
      return;
    }
    early.current.set(id, outcome);
    if (early.current.size > EARLY_MAX) {
      const oldest = early.current.keys().next().value;
      if (oldest !== undefined) early.current.delete(oldest);
    }
  }, []);

  useCommandEvents(deviceId, (event) => {
    if (event.status !== 'pending') settle(event.command_id, { status: event.status, error: event.error });
  });

  useLiveReconnected(() => {
    if (deviceId === null) return;
    for (const id of [...waiting.current.keys()])
      void getCommand(deviceId, id, { handleError: true })
        .then((c) => {
          if (c.status !== 'pending') settle(id, { status: c.status, error: c.error });
        })
        .catch(() => undefined);
  });

  useEffect(() => {
    const pending = waiting.current;
    return () => pending.clear();
  }, [deviceId]);

  return useCallback((command: DeviceCommand) => {
    if (command.status !== 'pending')
      return Promise.resolve({ status: command.status, error: command.error });
    const seen = early.current.get(command.id);
    if (seen) {
      early.current.delete(command.id);
      return Promise.resolve(seen);
    }
    return new Promise<CommandOutcome>((resolve) => waiting.current.set(command.id, resolve));
  }, []);
}
