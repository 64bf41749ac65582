import { randomBytes } from 'node:crypto';
import { connect as netConnect, type Socket } from 'node:net';
import { WS_PATH } from '@hmi/contract';

/** One client frame (clients must mask; a zero mask key leaves the payload as it is). */
export function frame(opcode: number, payload: Buffer): Buffer {
  const len = payload.length;
  const head =
    len < 126
      ? Buffer.from([0x80 | opcode, 0x80 | len])
      : Buffer.from([0x80 | opcode, 0x80 | 126, len >> 8, len & 0xff]);
  return Buffer.concat([head, Buffer.alloc(4), payload]);
}
export const text = (value: unknown) => frame(0x1, Buffer.from(JSON.stringify(value)));

/**
 * A websocket opened by hand that reads the upgrade answer (and with `token`, authenticates and reads
 * `ready`), then never reads again.
 */
export async function nonReadingClient(port: number, token?: string): Promise<Socket> {
  const socket = netConnect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET ${WS_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let seen = '';
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      if (token && !seen.includes('"ready"')) {
        if (!seen.includes('"auth"')) socket.write(text({ type: 'auth', token }));
        seen += '"auth"';
        return;
      }
      socket.off('data', onData);
      socket.pause();
      resolve();
    };
    socket.on('data', onData);
  });
  if (!/^HTTP\/1\.1 101/.test(seen)) throw new Error(`no websocket upgrade: ${seen.slice(0, 200)}`);
  return socket;
}

/**
 * Writes `chunk` over and over until the server drops the connection or `budget` bytes went out.
 * Samples this process's memory (server and client share it) meanwhile.
 */
export function flood(socket: Socket, chunk: Buffer, budget: number) {
  const base = process.memoryUsage();
  let peakRss = 0;
  let peakHeap = 0;
  return new Promise<{ closed: boolean; written: number; peakRss: number; peakHeap: number }>((resolve) => {
    let written = 0;
    let closed = false;
    const done = () => resolve({ closed, written, peakRss, peakHeap });
    socket.once('close', () => {
      closed = true;
      done();
    });
    const more = () => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss - base.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed + now.arrayBuffers - base.heapUsed - base.arrayBuffers);
      while (!closed && written < budget) {
        written += chunk.length;
        if (!socket.write(chunk)) {
          socket.once('drain', more);
          return;
        }
      }
      if (!closed) done();
    };
    more();
  });
}
