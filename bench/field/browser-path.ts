/**
 * Register change to browser, end to end: the real server in its own process (SQLite, embedded broker)
 * with one gateway device whose template polls the given Modbus TAGs; a second `agent gateway` process
 * bound to that device, the template pushed to it as a user does (`POST /devices/:id/sync`), and the
 * live websocket the web app uses (`/v1/ws`: auth with a login token, subscribe to the device). The
 * moment a register is changed in the pymodbus peer is compared with the moment its value arrives on
 * the websocket.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WS_PATH, type SyncTag, type WsServerMessage } from '@hmi/contract';
import { sqliteDatabase } from '@hmi/server/src/test/databases';
import { spawnProcess, type ServerProcess } from '@hmi/server/src/test/server-process';
import { templateTagRow } from '@hmi/server/src/test/template-tag-row';
import WebSocket from 'ws';
import { startBenchServer, type BenchServer } from '../ingest/server';
import { login } from '../ingest/live-counter';

export interface BrowserPath {
  /** Calls `onValue` with each value the websocket delivers (arrival time from performance.now()). */
  onValue(listener: (tag: string, value: unknown, at: number) => void): void;
  /** Values delivered so far. */
  delivered(): number;
  close(): Promise<void>;
}

const ROWS_PER_INSERT = 200;

/** The web app's live socket: authenticated and subscribed to `deviceId`. */
function liveSocket(
  httpUrl: string,
  token: string,
  deviceId: number,
  onMessage: (m: WsServerMessage) => void,
) {
  return new Promise<WebSocket>((done, fail) => {
    const ws = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}${WS_PATH}`);
    ws.once('error', fail);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString('utf8')) as WsServerMessage;
      if (msg.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', devices: [deviceId] }));
      else if (msg.type === 'subscribed') done(ws);
      else if (msg.type === 'error') fail(new Error(`websocket error ${msg.code}: ${msg.msg}`));
      onMessage(msg);
    });
  });
}

/** The user's sync of the device's template; resolves once the gateway has acknowledged it. */
async function syncAsUser(server: BenchServer, token: string, deviceId: number): Promise<void> {
  const call = async (method: string, path: string) => {
    const res = await fetch(`${server.httpUrl}/v1${path}`, { method, headers: { authorization: token } });
    const body = (await res.json()) as { code: number; data?: { id: string; status: string } };
    if (body.code !== 0 || !body.data) throw new Error(`${method} ${path}: ${JSON.stringify(body)}`);
    return body.data;
  };
  let command = await call('POST', `/devices/${deviceId}/sync`);
  while (command.status === 'pending') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    command = await call('GET', `/devices/${deviceId}/commands/${command.id}`);
  }
  if (command.status !== 'done') throw new Error(`the sync ${command.status}`);
}

export async function startBrowserPath(o: {
  dir: string;
  tags: readonly SyncTag[];
  connections: Record<string, object>;
}): Promise<BrowserPath> {
  const server = await startBenchServer(sqliteDatabase, {
    devices: 1,
    tags: [],
    setup: {
      profileDir: null,
      // The fleet's template gets the field TAGs with their addresses, as the TAG editor saves them.
      seed: async (store, templateId) => {
        const rows = o.tags.map((t, sort) =>
          templateTagRow({ ...t, template_id: templateId, save_history: t.save_history ? 1 : 0, sort }),
        );
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
          await store.db
            .insertInto('template_tags')
            .values(rows.slice(i, i + ROWS_PER_INSERT))
            .execute();
      },
    },
    // The production fair share of one device (values/s), not the ingest bench's unlimited one.
    env: { MQTT_DEVICE_RATE: '10000' },
  });
  let gateway: ServerProcess | null = null;
  let ws: WebSocket | null = null;
  try {
    const device = server.fleet.devices[0];
    if (!device) throw new Error('fleet without a device');
    // A folder of its own: the outbox and the stored template live beside the config file.
    const folder = join(o.dir, 'browser-path');
    mkdirSync(folder, { recursive: true });
    const config = join(folder, 'gateway.json');
    writeFileSync(
      config,
      JSON.stringify({
        url: server.mqttUrl,
        sn: device.sn,
        secret: device.secret,
        sink: 'writes.json',
        connections: o.connections,
      }),
    );
    const token = await login(server.httpUrl, server.fleet.username, server.fleet.password);
    const listeners: ((tag: string, value: unknown, at: number) => void)[] = [];
    let delivered = 0;
    let online: () => void = () => undefined;
    const isOnline = new Promise<void>((resolve) => (online = resolve));
    ws = await liveSocket(server.httpUrl, token, device.id, (msg) => {
      if (msg.type === 'online' && msg.device_id === device.id && msg.online === 1) online();
      if (msg.type !== 'values' || msg.device_id !== device.id) return;
      const at = performance.now();
      delivered += msg.values.length;
      for (const v of msg.values) for (const l of listeners) l(v.tag, v.value, at);
    });
    gateway = await spawnProcess(['apps/agent/src/cli.ts', 'gateway', '--config', config], {}, device.sn);
    // a command to a device not yet connected is not delivered: the sync waits for it
    await isOnline;
    await syncAsUser(server, token, device.id);
    const socket = ws;
    const proc = gateway;
    return {
      onValue: (l) => listeners.push(l),
      delivered: () => delivered,
      async close() {
        socket.close();
        await proc.kill('SIGTERM');
        await server.close();
      },
    };
  } catch (err) {
    ws?.close();
    await gateway?.kill('SIGTERM');
    await server.close();
    throw err;
  }
}
