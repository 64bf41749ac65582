import { PROTOCOL_VERSION, topics, type FieldReport } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import type { Outbox } from './outbox';

/** What the field side reports of its connections (the poller's part of a field report). */
export type FieldConnections = Pick<FieldReport, 'connections' | 'unknown_connection_tags'>;

/** A field report goes out this often while connected (QoS 0: the next one replaces a lost one). */
export const FIELD_EVERY_MS = 10_000;
/** A connection's change is reported this soon after it (changes within it go out together). */
export const FIELD_SOON_MS = 1_000;

export interface FieldReports {
  /** Reports within FIELD_SOON_MS (a connection went down or up), not at the next round. */
  soon(): void;
  stop(): void;
}

/**
 * Publishes the gateway's field diagnostics on `field` every FIELD_EVERY_MS while connected: the
 * connections as the field side reports them and the outbox's depth, bytes, oldest and dropped; and
 * soon after the field side says a connection changed.
 */
export function startFieldReports(
  client: MqttClient,
  sn: string,
  o: { connections?: () => FieldConnections; outbox?: Outbox; everyMs?: number },
): FieldReports {
  const publish = () => {
    if (!client.connected) return;
    const report: FieldReport = {
      v: PROTOCOL_VERSION,
      ts: Date.now(),
      ...(o.connections?.() ?? { connections: [] }),
      ...(o.outbox ? { outbox: o.outbox.stats() } : {}),
    };
    client.publish(topics.field(sn), JSON.stringify(report), { qos: 0 });
  };
  client.on('connect', publish);
  const timer = setInterval(publish, o.everyMs ?? FIELD_EVERY_MS);
  timer.unref();
  let due: NodeJS.Timeout | null = null;
  let stopped = false;
  return {
    soon() {
      // Closing the field side changes its connections too: nothing is said once the link stops.
      if (stopped) return;
      due ??= setTimeout(() => {
        due = null;
        publish();
      }, FIELD_SOON_MS);
    },
    stop() {
      stopped = true;
      clearInterval(timer);
      if (due) clearTimeout(due);
      client.off('connect', publish);
    },
  };
}
