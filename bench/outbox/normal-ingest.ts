import { commandV1, topics } from '@hmi/contract';
import type { FleetDevice } from '@hmi/server/src/test/fleet';
import mqtt from 'mqtt';
import { IN_FLIGHT_MAX } from '@hmi/agent/forward';
import { cpuOf, storedRows, type BenchServer } from '../ingest/server';

export interface IngestRate {
  values: number;
  seconds: number;
  /** Server CPU over the phase, share of one core. */
  serverCpu: number;
}

/**
 * The server's normal ingest of one gateway at full speed: `device` sends live batches of every TAG
 * (sample time now, `confirm: true`) for `seconds`, keeping IN_FLIGHT_MAX unconfirmed as the gateway's
 * forwarder does, each further one sent when the server's `cmd stored` confirms one. Ends once every
 * batch sent is confirmed; the rate is the history values stored over that time.
 */
export async function measureNormalIngest(
  server: BenchServer,
  device: FleetDevice,
  tags: readonly string[],
  seconds: number,
): Promise<IngestRate> {
  const client = await mqtt.connectAsync(server.mqttUrl, {
    username: device.sn,
    password: device.secret,
    clientId: `hmi-${device.sn}`,
    clean: true,
    reconnectPeriod: 0,
  });
  await client.subscribeAsync(topics.cmd(device.sn), { qos: 1 });
  const rows0 = await storedRows(server.store);
  const cpu0 = cpuOf(server.process);
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  let seq = Date.now() * 1000;
  let unconfirmed = 0;
  let finished: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const send = () => {
    while (unconfirmed < IN_FLIGHT_MAX && performance.now() < until) {
      const ts = Date.now();
      const values = tags.map((tag, k) => ({ tag, value: ((seq + k) % 1000) / 10, ts }));
      unconfirmed += 1;
      const body = JSON.stringify({ v: 1, seq: (seq += 1), ts, values, confirm: true });
      client.publishAsync(topics.tags(device.sn), body, { qos: 1 }).catch(() => undefined);
    }
    if (!unconfirmed) finished();
  };
  client.on('message', (_topic, payload) => {
    const cmd = commandV1.safeParse(JSON.parse(payload.toString('utf8')));
    if (!cmd.success || cmd.data.type !== 'stored') return;
    unconfirmed -= cmd.data.seqs.length;
    send();
  });
  send();
  await done;
  const elapsed = (performance.now() - t0) / 1000;
  const values = (await storedRows(server.store)) - rows0;
  const serverCpu = (cpuOf(server.process) - cpu0) / elapsed;
  await client.endAsync();
  return { values, seconds: elapsed, serverCpu };
}
