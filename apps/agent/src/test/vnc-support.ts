import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';
import { VNC_CLOSE, vncTunnelHello, type VncTunnelHello } from '@hmi/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { WebSocketServer } from 'ws';
import { takeSocket } from '../vnc/relay-link';
import { ByteQueue } from './rfb-test-client';

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
  /** The socket under the websocket, raw after `ready`. */
  socket: Socket;
  hello: VncTunnelHello;
  input: ByteQueue;
  send(b: Buffer): void;
}

/**
 * A websocket server playing the relay's `/v1/vnc/tunnel`: the first message must be the hello with
 * `ticket` (else close 4607), then `ready` (raw), then raw bytes both ways on the socket under the
 * websocket. `collect: false` leaves the device's data to the test's own listener.
 */
export async function startRelay(ticket: string, o: { collect?: boolean; compress?: 'deflate' } = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/v1/vnc/tunnel' });
  await once(wss, 'listening');
  const ends: RelayEnd[] = [];
  const waiters: ((e: RelayEnd) => void)[] = [];
  const sockets = new Set<Socket>();
  wss.on('connection', (ws, req) => {
    sockets.add(req.socket);
    ws.once('message', (data: Buffer, isBinary) => {
      const hello = vncTunnelHello.safeParse(isBinary ? null : JSON.parse(data.toString()));
      if (!hello.success || hello.data.ticket !== ticket) return ws.close(VNC_CLOSE.ticket, 'ticket');
      ws.send(JSON.stringify({ type: 'ready', raw: true, ...(o.compress ? { compress: o.compress } : {}) }));
      // As the relay does: `ws` lets go of the socket after the last frame.
      const socket = takeSocket(ws);
      socket.on('error', () => socket.destroy());
      socket.on('end', () => socket.end());
      const end: RelayEnd = {
        socket,
        hello: hello.data,
        input: new ByteQueue(),
        send: (b) => void socket.write(b),
      };
      if (o.collect !== false) socket.on('data', (d: Buffer) => end.input.push(d));
      socket.on('close', () => end.input.end());
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
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

export function closeServer(s: Server): Promise<void> {
  return new Promise((resolve) => s.close(() => resolve()));
}
