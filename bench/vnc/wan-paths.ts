/**
 * The WAN bench's paths to one simulated HMI screen, each through its own delaying proxy: direct
 * VNC (a viewer on the VNC server's port, Raw or zlib, one request per frame) and the product's
 * device link (the agent's tunnel offering deflate, to a relay stand-in that answers `ready` with
 * deflate, raw from there, and hands the inflated RFB to a noVNC-like viewer: zlib or ZRLE encoding, continuous
 * updates where the server has them, else the agent's requests ahead when asked).
 */
import { connect, type Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { constants, createInflateRaw } from 'node:zlib';
import { WebSocketServer } from 'ws';
import { VNC_FRAME_MAX } from '@hmi/contract';
import { takeSocket } from '../../apps/agent/src/vnc/relay-link';
import { connectLocalVnc, Tunnel } from '../../apps/agent/src/vnc/tunnel';
import { startDelayProxy, type DelayProxy } from './delay-proxy';
import { WanViewer, type ViewerOptions } from './wan-viewer';

export interface Path {
  viewer: WanViewer;
  proxy: DelayProxy;
  close(): Promise<void>;
}

/** A viewer straight to the VNC server through a proxy delaying `rttMs`. */
export async function directPath(vncPort: number, rttMs: number, o: ViewerOptions): Promise<Path> {
  const proxy = await startDelayProxy(vncPort, rttMs);
  const socket = connect({ host: '127.0.0.1', port: proxy.port });
  socket.setNoDelay(true);
  await new Promise((resolve) => socket.once('connect', resolve));
  const viewer = new WanViewer(socket, o);
  await viewer.start();
  return { viewer, proxy, close: async () => (viewer.stop(), await proxy.close()) };
}

/** The agent's tunnel through a proxy delaying `rttMs` to a relay stand-in and its viewer. */
export async function tunnelPath(vncPort: number, rttMs: number, o: ViewerOptions): Promise<Path> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: VNC_FRAME_MAX });
  await new Promise((resolve) => wss.once('listening', resolve));
  const address = wss.address();
  const proxy = await startDelayProxy(typeof address === 'object' && address ? address.port : 0, rttMs);
  const joined = new Promise<Socket>((resolve) =>
    wss.on('connection', (ws) =>
      ws.once('message', () => {
        ws.send(JSON.stringify({ type: 'ready', compress: 'deflate', raw: true }));
        resolve(takeSocket(ws));
      }),
    ),
  );
  const tunnel = await Tunnel.open({
    url: `ws://127.0.0.1:${proxy.port}/v1/vnc/tunnel`,
    sn: 'BENCH',
    ticket: 't'.repeat(32),
    local: () => connectLocalVnc('127.0.0.1', vncPort),
    requestAhead: o.requestAhead === true,
  });
  const socket = await joined;
  const inflate = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
  const stream = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      socket.write(chunk);
      done();
    },
  });
  inflate.on('data', (d: Buffer) => stream.push(d));
  socket.on('data', (d: Buffer) => inflate.write(d));
  socket.on('close', () => stream.destroy());
  const viewer = new WanViewer(stream, o);
  await viewer.start();
  return {
    viewer,
    proxy,
    close: async () => {
      viewer.stop();
      tunnel.close();
      await proxy.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
