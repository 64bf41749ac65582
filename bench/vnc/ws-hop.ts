/**
 * Two bare websocket hops (`node --import tsx ws-hop.ts cloud <port>` and `… device <vnc port> <cloud
 * port>`): the least a design costs in Node whose device-side hop speaks a websocket to the cloud and
 * whose cloud-side hop speaks one to the browser, as the relay's do. The device hop reads the VNC
 * server and sends frames of at most 64 KiB with a zero mask (as the agent's tunnel); the cloud hop
 * pipes binary messages between the device's socket and the viewer's. Both keep the relay's
 * backpressure (pause above 1 MiB queued, resume below 256 KiB) and nothing else: no ticket, no
 * filter, no metering. The bench compares the relay with this line as well as with plain TCP hops.
 */
import { connect } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import type { ServerProcess } from '@hmi/server/src/test/server-process';
import { spawnProcess } from '@hmi/server/src/test/server-process';

export const READY = 'ws hop ready';
const FRAME_MAX = 64 * 1024;
const HIGH = 1024 * 1024;
const LOW = 256 * 1024;

/** Sends `data` to `to`, pausing `from` while `to` has more than HIGH queued. */
function forward(data: Buffer, to: WebSocket, from: { pause(): void; resume(): void; isPaused(): boolean }) {
  to.send(data, { binary: true }, () => {
    if (from.isPaused() && to.bufferedAmount < LOW) from.resume();
  });
  if (to.bufferedAmount > HIGH) from.pause();
}

const paused = (ws: WebSocket) => ({
  pause: () => ws.pause(),
  resume: () => ws.resume(),
  isPaused: () => ws.isPaused,
});

function cloud(port: number): void {
  const wss = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: FRAME_MAX });
  let device: WebSocket | null = null;
  wss.on('connection', (ws, req) => {
    if (req.url === '/device') {
      device = ws;
      // Nothing is read from the device before a viewer is there to take it.
      ws.pause();
      return;
    }
    const from = device;
    if (!from) return ws.close();
    from.on('message', (d: Buffer, binary) => binary && forward(d, ws, paused(from)));
    ws.on('message', (d: Buffer, binary) => binary && forward(d, from, paused(ws)));
    from.resume();
  });
  wss.on('listening', () => console.log(READY));
}

function device(vncPort: number, cloudPort: number): void {
  const vnc = connect({ host: '127.0.0.1', port: vncPort });
  vnc.setNoDelay(true);
  vnc.pause();
  const ws = new WebSocket(`ws://127.0.0.1:${cloudPort}/device`, {
    maxPayload: FRAME_MAX,
    perMessageDeflate: false,
    generateMask: (mask) => void mask.fill(0),
  });
  ws.on('open', () => {
    vnc.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i += FRAME_MAX) forward(chunk.subarray(i, i + FRAME_MAX), ws, vnc);
    });
    ws.on('message', (d: Buffer, binary) => binary && vnc.write(d));
    vnc.resume();
    console.log(READY);
  });
}

/**
 * A cloud hop whose device side is plain TCP (to `target`): what the relay's path costs when the
 * device's link carries raw bytes after its hello and only the browser's side speaks websocket.
 */
function rawCloud(port: number, target: number): void {
  const wss = new WebSocketServer({ host: '127.0.0.1', port, maxPayload: FRAME_MAX });
  wss.on('connection', (ws) => {
    const device = connect({ host: '127.0.0.1', port: target });
    device.setNoDelay(true);
    device.on('data', (chunk: Buffer) => forward(chunk, ws, device));
    ws.on('message', (d: Buffer, binary) => {
      if (!binary) return;
      device.write(d);
      if (device.writableLength > HIGH) ws.pause();
    });
    device.on('drain', () => ws.resume());
    device.on('error', () => ws.close());
    ws.on('close', () => device.destroy());
  });
  wss.on('listening', () => console.log(READY));
}

if (process.argv[1]?.endsWith('ws-hop.ts')) {
  const [role, a, b] = process.argv.slice(2);
  if (role === 'cloud') cloud(Number(a));
  else if (role === 'raw-cloud') rawCloud(Number(a), Number(b));
  else device(Number(a), Number(b));
}

/** The cloud hop on `port`, then the device hop from the VNC server to it; each in its own process. */
export async function startWsHops(vncPort: number, port: number): Promise<ServerProcess[]> {
  const cloudHop = await spawnProcess(['bench/vnc/ws-hop.ts', 'cloud', String(port)], {}, READY);
  const deviceHop = await spawnProcess(
    ['bench/vnc/ws-hop.ts', 'device', String(vncPort), String(port)],
    {},
    READY,
  );
  return [cloudHop, deviceHop];
}

/** A websocket cloud hop on `port` in front of `target` (a plain TCP hop standing for the device's). */
export function startRawCloudHop(port: number, target: number): Promise<ServerProcess> {
  return spawnProcess(['bench/vnc/ws-hop.ts', 'raw-cloud', String(port), String(target)], {}, READY);
}
