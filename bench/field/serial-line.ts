/**
 * An RS-485 line at a given baud rate between two ptys: a pty can carry bytes at any speed, so each
 * end is a socat pty joined to a TCP relay here that lets the bytes through no faster than the line
 * would (10 bits a byte, 8N1; half duplex: one direction at a time, as on a two-wire bus).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const BITS_PER_BYTE = 10;

export interface SerialLine {
  /** The gateway's end and the PLC's end. */
  gatewayPath: string;
  plcPath: string;
  stop(): Promise<void>;
}

export async function startSerialLine(dir: string, baud: number): Promise<SerialLine> {
  const sockets: Socket[] = [];
  let busyUntil = 0;
  /** Delivers `chunk` to `to` once the line has carried it, after what is already on the line. */
  const carry = (chunk: Buffer, to: () => Socket | undefined) => {
    const now = performance.now();
    busyUntil = Math.max(busyUntil, now) + (chunk.length * BITS_PER_BYTE * 1000) / baud;
    const wait = busyUntil - now;
    // Node's timers fire a millisecond late at best: a chunk due within one goes now (the line's time
    // is still booked above, so the line never carries more than its rate over a run)
    if (wait <= 1) to()?.write(chunk);
    else setTimeout(() => to()?.write(chunk), wait);
  };
  const relay = createServer((s) => {
    const index = sockets.length;
    sockets.push(s);
    s.setNoDelay(true);
    s.on('data', (chunk: Buffer) => carry(chunk, () => sockets[1 - index]));
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.address() as AddressInfo).port;
  const gatewayPath = join(dir, `line-${baud}-gateway`);
  const plcPath = join(dir, `line-${baud}-plc`);
  const ends: ChildProcess[] = [];
  for (const path of [gatewayPath, plcPath]) {
    ends.push(spawn('socat', [`pty,raw,echo=0,link=${path}`, `tcp:127.0.0.1:${port}`], { stdio: 'ignore' }));
    // socat makes the link once its pty exists and it is connected: wait for both
    while (!existsSync(path) || sockets.length < ends.length) await delay(20);
  }
  return {
    gatewayPath,
    plcPath,
    async stop() {
      for (const e of ends) e.kill();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
