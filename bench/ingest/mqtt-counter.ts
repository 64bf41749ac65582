import mqtt, { type MqttClient } from 'mqtt';
import { Tally } from './tally';

export interface MqttCounter {
  tally: Tally;
  close(): Promise<void>;
}

/**
 * The broker-only reference: a plain MQTT client subscribed (QoS 1) to every device's tags topic,
 * counting the values of each batch it receives.
 */
export async function openMqttCounter(url: string): Promise<MqttCounter> {
  const tally = new Tally();
  const client: MqttClient = await mqtt.connectAsync(url, { clientId: 'bench-counter', reconnectPeriod: 0 });
  client.on('message', (_topic, payload) => {
    const batch = JSON.parse(payload.toString('utf8')) as { values?: unknown[] };
    tally.add(batch.values?.length ?? 0);
  });
  await client.subscribeAsync('hmi/+/tags', { qos: 1 });
  return { tally, close: () => client.endAsync(true) };
}
