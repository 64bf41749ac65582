/**
 * An RS-485 line at a given baud rate between two ptys: a pty can carry bytes at any speed, so each
 * end is a socat pty joined to a TCP relay here that hands each chunk over when the line would have
 * carried it, never earlier (10 bits a byte, 8N1; half duplex: one direction at a time, as on a
 * two-wire bus). The relay also sees where each exchange's time goes (`times`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const BITS_PER_BYTE = 10;

/** Where a poll's time went on the line, ms per exchange (each list in the order seen). */
export interface LineTimes {
  /** From an answer's last chunk handed to the master's end to the master's next request at the relay. */
  master: number[];
  /** From a request's last chunk handed to the PLC's end to its answer at the relay. */
  plc: number[];
  /** When each request came from the master (performance.now()). */
  requests: number[];
}

export interface SerialLine {
  /** The gateway's end (any master's: the gateway, or mbpoll) and the PLC's end. */
  gatewayPath: string;
  plcPath: string;
  /** The times since the last call, and starts anew. */
  times(): LineTimes;
  stop(): Promise<void>;
}

export async function startSerialLine(dir: string, baud: number): Promise<SerialLine> {
  const sockets: Socket[] = [];
  let busyUntil = 0;
  let times: LineTimes = { master: [], plc: [], requests: [] };
  // per end (0 the master's, 1 the PLC's): when a chunk was last handed to it, and whether it owes an answer
  const handedAt = [0, 0];
  const owes = [false, false];
  let requesting = false;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  const hand = (chunk: Buffer, to: number) => {
    handedAt[to] = performance.now();
    owes[to] = true;
    sockets[to]?.write(chunk);
  };
  /** Hands `chunk` over at `due` (performance.now()), never before: the line has not carried it yet. */
  const handAt = (chunk: Buffer, to: number, due: number) => {
    const left = due - performance.now();
    // Node's timers count whole milliseconds from the loop's cached clock: they fire up to a millisecond
    // early or late. The last stretch is slept exactly instead (a futex wait with a fractional timeout;
    // it blocks this process's loop for under 1.5 ms, while the half-duplex line has nothing else to do).
    if (left > 1.5) setTimeout(() => handAt(chunk, to, due), left - 1.5);
    else {
      if (left > 0) Atomics.wait(sleeper, 0, 0, left);
      hand(chunk, to);
    }
  };
  /** Delivers `chunk` to end `to` once the line has carried it, after what is already on the line. */
  const carry = (chunk: Buffer, to: number) => {
    busyUntil = Math.max(busyUntil, performance.now()) + (chunk.length * BITS_PER_BYTE * 1000) / baud;
    handAt(chunk, to, busyUntil);
  };
  const relay = createServer((s) => {
    const index = sockets.length;
    sockets.push(s);
    s.setNoDelay(true);
    s.on('data', (chunk: Buffer) => {
      const now = performance.now();
      if (owes[index]) (index === 0 ? times.master : times.plc).push(now - (handedAt[index] ?? 0));
      // a request starts when the master sends after the last answer began (not a second chunk of it)
      if (index === 0 && !requesting) times.requests.push(now);
      requesting = index === 0;
      owes[index] = false;
      carry(chunk, 1 - index);
    });
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
    times() {
      const seen = times;
      requesting = false;
      times = { master: [], plc: [], requests: [] };
      return seen;
    },
    async stop() {
      for (const e of ends) e.kill();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
