import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { VNC_CLOSE, vncTunnelHello, type VncTunnelHello } from '@hmi/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { WebSocketServer, type WebSocket } from 'ws';
import { ByteQueue } from '../vnc/rfb-test-client';

/** An MQTT broker on a free port (aedes, accepting anyone: the tests play the cloud). */
export async function startBroker(): Promise<{ url: string; close(): Promise<void> }> {
  const aedes = await Aedes.createBroker();
  const server = createServer((s) => aedes.handle(s));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await closeServer(server);
    },
  };
}

export async function cloudClient(url: string): Promise<MqttClient> {
  const c = mqtt.connect(url, { clientId: `cloud-${Math.random().toString(16).slice(2)}` });
  await new Promise((resolve) => c.once('connect', resolve));
  return c;
}

/** Resolves with the first JSON payload on `topic` that `pick` accepts. */
export function nextPayload<T>(c: MqttClient, topic: string, pick: (p: T) => boolean): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (t: string, payload: Buffer) => {
      if (t !== topic) return;
      const p = JSON.parse(payload.toString()) as T;
      if (!pick(p)) return;
      c.off('message', onMessage);
      resolve(p);
    };
    c.on('message', onMessage);
  });
}

/** The relay's end of one tunnel: RFB from the device, and a way to send RFB to it. */
export interface RelayEnd {
  ws: WebSocket;
  hello: VncTunnelHello;
  input: ByteQueue;
  send(b: Buffer): void;
}

/**
 * A websocket server playing the relay's `/v1/vnc/tunnel`: the first message must be the hello with
 * `ticket` (else close 4607), then `ready`, then binary both ways. `collect: false` leaves the
 * device's data to the test's own listener.
 */
export async function startRelay(ticket: string, o: { collect?: boolean } = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v1/vnc/tunnel' });
  await once(wss, 'listening');
  const ends: RelayEnd[] = [];
  const waiters: ((e: RelayEnd) => void)[] = [];
  wss.on('connection', (ws) => {
    ws.once('message', (data: Buffer, isBinary) => {
      const hello = vncTunnelHello.safeParse(isBinary ? null : JSON.parse(data.toString()));
      if (!hello.success || hello.data.ticket !== ticket) return ws.close(VNC_CLOSE.ticket, 'ticket');
      const end: RelayEnd = {
        ws,
        hello: hello.data,
        input: new ByteQueue(),
        send: (b) => ws.send(b, { binary: true }),
      };
      if (o.collect !== false) ws.on('message', (d: Buffer, bin) => bin && end.input.push(d));
      ws.on('close', () => end.input.end());
      ws.send(JSON.stringify({ type: 'ready' }));
      const w = waiters.shift();
      if (w) w(end);
      else ends.push(end);
    });
  });
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/v1/vnc/tunnel`,
    next: (): Promise<RelayEnd> => {
      const e = ends.shift();
      return e ? Promise.resolve(e) : new Promise((resolve) => waiters.push(resolve));
    },
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export function closeServer(s: Server): Promise<void> {
  return new Promise((resolve) => s.close(() => resolve()));
}
