/**
 * The viewer's TAG writes: through the existing write call (id 6 and security zones checked by the
 * server), the TAG's id looked up by name once per device, and the command followed to done or
 * failed from the socket's `command` events (or `getCommand` after a reconnect, when events may
 * have been missed).
 */
import type { CommandStatus, DeviceCommand } from '@hmi/contract';
import { getCommand, getDeviceTags, writeTag } from '../../api/connectivity';
import type { CommandEvent } from '../../live/types';

export interface CommandOutcome {
  status: Exclude<CommandStatus, 'pending'>;
  error: string | null;
}

/** The part of the live connection writes need. */
export interface CommandSource {
  onCommand(listener: (event: CommandEvent) => void): () => void;
  onReady(listener: (again: boolean) => void): () => void;
}

export interface WritableTag {
  id: number;
  data_type: number;
}

export interface Writer {
  write(deviceId: number, tag: string, value: string): Promise<CommandOutcome>;
  /** A TAG of the device's template by name: its id and data type (read once per device). */
  tag(deviceId: number, tag: string): Promise<WritableTag | undefined>;
  dispose(): void;
}

/** Outcomes seen before the call that sent them answered; only the newest are kept. */
const EARLY_MAX = 50;

export function createWriter(live: CommandSource): Writer {
  const tagTables = new Map<number, Promise<Map<string, WritableTag>>>();
  const early = new Map<string, CommandOutcome>();
  const waiting = new Map<string, { deviceId: number; resolve: (o: CommandOutcome) => void }>();

  const settle = (id: string, outcome: CommandOutcome) => {
    const w = waiting.get(id);
    if (w) {
      waiting.delete(id);
      w.resolve(outcome);
      return;
    }
    early.set(id, outcome);
    if (early.size > EARLY_MAX) early.delete(early.keys().next().value ?? '');
  };

  const stops = [
    live.onCommand((e) => {
      if (e.status !== 'pending') settle(e.command_id, { status: e.status, error: e.error });
    }),
    live.onReady((again) => {
      if (!again) return;
      for (const [id, w] of waiting)
        void getCommand(w.deviceId, id, { handleError: true })
          .then((c) => {
            if (c.status !== 'pending') settle(id, { status: c.status, error: c.error });
          })
          .catch(() => undefined);
    }),
  ];

  const tagsOf = (deviceId: number) => {
    let ids = tagTables.get(deviceId);
    if (!ids) {
      ids = getDeviceTags(deviceId).then(
        (r) => new Map(r.list.map((t) => [t.name, { id: t.id, data_type: t.data_type }])),
      );
      ids.catch(() => tagTables.delete(deviceId));
      tagTables.set(deviceId, ids);
    }
    return ids;
  };

  const follow = (deviceId: number, command: DeviceCommand): Promise<CommandOutcome> => {
    if (command.status !== 'pending')
      return Promise.resolve({ status: command.status, error: command.error });
    const seen = early.get(command.id);
    if (seen) {
      early.delete(command.id);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => waiting.set(command.id, { deviceId, resolve }));
  };

  return {
    async write(deviceId, tag, value) {
      const def = (await tagsOf(deviceId)).get(tag);
      if (def === undefined) return { status: 'failed', error: null };
      // A refused call (permission 6, security zone, value) is toasted by the client.
      const command = await writeTag(deviceId, def.id, value);
      return follow(deviceId, command);
    },
    tag: async (deviceId, tag) => (await tagsOf(deviceId)).get(tag),
    dispose() {
      stops.forEach((stop) => stop());
      waiting.clear();
    },
  };
}
