import { startSimulatedHmi } from '@hmi/agent/simulator';
import { TagDataType, WS_PATH, type WsServerMessage } from '@hmi/contract';
import type { FleetDevice } from '@hmi/server/src/test/fleet';
import { setTimeout as delay } from 'node:timers/promises';
import WebSocket from 'ws';
import type { BenchServer } from '../ingest/server';

const NEVER_MS = 2 ** 31 - 1;

export interface LatencyProbe {
  /** Sample-to-websocket latencies (ms) since the last call, and starts afresh. */
  take(): number[];
  stop(): Promise<void>;
}

/**
 * Another device's live values as a browser sees them: the device sends one value every `everyMs`
 * (as an HMI sends a change), a signed-in websocket subscribed to it records each value's delay from
 * its sample time.
 */
export async function openLatencyProbe(
  server: BenchServer,
  device: FleetDevice,
  everyMs: number,
): Promise<LatencyProbe> {
  const login = (await (
    await fetch(`${server.httpUrl}/v1/global/login?type=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: server.fleet.username, passwd: server.fleet.password }),
    })
  ).json()) as { data?: { token?: string } };
  let sink: number[] = [];
  const ws = new WebSocket(`${server.httpUrl.replace(/^http/, 'ws')}${WS_PATH}`);
  await new Promise<void>((done, fail) => {
    ws.once('error', fail);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token: login.data?.token })));
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString('utf8')) as WsServerMessage;
      if (msg.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', devices: [device.id] }));
      else if (msg.type === 'subscribed') done();
      else if (msg.type === 'values' && msg.device_id === device.id) {
        const now = Date.now();
        for (const v of msg.values) if (v.tag === 't1') sink.push(now - v.ts);
      }
    });
  });
  const live = startSimulatedHmi({
    url: server.mqttUrl,
    sn: device.sn,
    secret: device.secret,
    tags: [{ name: 't1', dataType: TagDataType.FLOAT, gen: { kind: 'constant', value: 0 } }],
    rateMs: NEVER_MS,
    reconnectMs: 0,
  });
  await live.ready();
  let sending = true;
  const sender = (async () => {
    for (let k = 1; sending; k++) {
      await live.publishValues([{ tag: 't1', value: k }]);
      await delay(everyMs);
    }
  })();
  return {
    take() {
      const got = sink;
      sink = [];
      return got;
    },
    async stop() {
      sending = false;
      await sender;
      await live.stop();
      ws.close();
    },
  };
}

/** The `p`th percentile (nearest rank) of `xs`; NaN when empty. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}
