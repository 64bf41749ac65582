import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { SerialPort } from 'serialport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPtyPair } from '../test/peers/modbus-peer';
import { eventLoopSerialBinding } from './serial-binding';

let dir: string;
let pty: Awaited<ReturnType<typeof startPtyPair>>;
const opened: SerialPort[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'serial-binding-'));
  pty = await startPtyPair(dir);
});
afterEach(async () => {
  for (const p of opened.splice(0)) if (p.isOpen) await new Promise((resolve) => p.close(resolve));
  await pty.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One end of the pair: through the event-loop binding, or serialport's own (the other side). */
async function open(path: string, stock: boolean): Promise<SerialPort> {
  // serialport takes a binding among its options (its types leave it out)
  const options: ConstructorParameters<typeof SerialPort>[0] & { binding?: typeof eventLoopSerialBinding } = {
    path,
    baudRate: 115200,
    autoOpen: false,
  };
  if (!stock) options.binding = eventLoopSerialBinding;
  const port = new SerialPort(options);
  opened.push(port);
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  return port;
}

/** Collects what `port` reads until `bytes` have come. */
function receive(port: SerialPort, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let got = 0;
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      got += chunk.length;
      if (got < bytes) return;
      port.off('data', onData);
      resolve(Buffer.concat(chunks));
    };
    port.on('data', onData);
  });
}

describe('the event-loop serial binding', () => {
  it('carries bytes both ways, a write larger than the tty buffer included', async () => {
    const ours = await open(pty.a, false);
    const theirs = await open(pty.b, true);
    // 64 KB cannot go into a pty at once: the write waits for room and goes on where it stopped
    const big = Buffer.from(Array.from({ length: 65_536 }, (_, i) => (i * 7) % 251));
    const arriving = receive(theirs, big.length);
    ours.write(big);
    expect((await arriving).equals(big)).toBe(true);
    const answer = Buffer.from([1, 3, 2, 0, 42, 0x38, 0x5b]);
    const back = receive(ours, answer.length);
    theirs.write(answer);
    expect((await back).equals(answer)).toBe(true);
  });

  it('closes with a read pending and no error', async () => {
    const ours = await open(pty.a, false);
    const errors: Error[] = [];
    ours.on('error', (err) => errors.push(err));
    ours.resume();
    await new Promise<void>((resolve, reject) => ours.close((err) => (err ? reject(err) : resolve())));
    expect(ours.isOpen).toBe(false);
    expect(errors).toEqual([]);
  });

  it('reports the line gone when the other end disappears', async () => {
    const ours = await open(pty.a, false);
    ours.resume();
    const closed = once(ours, 'close');
    await pty.stop();
    const [err] = (await closed) as [Error & { disconnected?: boolean }];
    expect(err.disconnected).toBe(true);
  });
});
