import { PROTOCOL_VERSION, topics, type FieldReport } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import type { Outbox } from './outbox';

/** What the field side reports of its connections (the poller's part of a field report). */
export type FieldConnections = Pick<FieldReport, 'connections' | 'unknown_connection_tags'>;

/** A field report goes out this often while connected (QoS 0: the next one replaces a lost one). */
export const FIELD_EVERY_MS = 10_000;

/**
 * Publishes the gateway's field diagnostics on `field` every FIELD_EVERY_MS while connected: the
 * connections as the field side reports them and the outbox's depth, bytes, oldest and dropped.
 */
export function startFieldReports(
  client: MqttClient,
  sn: string,
  o: { connections?: () => FieldConnections; outbox?: Outbox; everyMs?: number },
): () => void {
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
  return () => {
    clearInterval(timer);
    client.off('connect', publish);
  };
}
