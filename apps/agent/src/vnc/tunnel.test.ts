import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createInflateRaw } from 'node:zlib';
import { VNC_OFF_ACK_ERROR } from '@hmi/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { Tunnels } from './command';
import { ByteQueue } from '../test/rfb-test-client';
import { closeServer, startRelay } from '../test/vnc-support';
import { connectLocalVnc, Tunnel, TUNNEL_HIGH_WATER, VncOffError } from './tunnel';

const TICKET = 't'.repeat(32);
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A TCP server playing the HMI's VNC server; `greeting` is written to each connection. */
async function localVnc(greeting: Buffer | null = Buffer.from('RFB 003.008\n')) {
  const sockets: Socket[] = [];
  const input = new ByteQueue();
  const waiters: ((s: Socket) => void)[] = [];
  const server = createServer((s) => {
    sockets.push(s);
    s.on('data', (d: Buffer) => input.push(d));
    s.on('close', () => input.end());
    if (greeting) s.write(greeting);
    waiters.shift()?.(s);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    for (const s of sockets) s.destroy();
    await closeServer(server);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    input,
    socket: (): Promise<Socket> =>
      sockets[0] ? Promise.resolve(sockets[0]) : new Promise((resolve) => waiters.push(resolve)),
  };
}

async function relay(o: { collect?: boolean; compress?: 'deflate' } = {}) {
  const r = await startRelay(TICKET, o);
  cleanup.push(() => r.close());
  return r;
}

async function open(port: number, url: string, ticket = TICKET) {
  const t = await Tunnel.open({ url, sn: 'SIM-1', ticket, local: () => connectLocalVnc('127.0.0.1', port) });
  cleanup.push(() => t.close());
  return t;
}

describe('VNC tunnel', () => {
  it('sends the ticket first, waits for ready, then pipes RFB both ways raw', async () => {
    const vnc = await localVnc();
    const r = await relay();
    await open(vnc.port, r.url);
    const end = await r.next();
    expect(end.hello).toEqual({
      type: 'tunnel',
      sn: 'SIM-1',
      ticket: TICKET,
      compress: ['deflate'],
      raw: true,
    });
    expect((await end.input.read(12)).toString()).toBe('RFB 003.008\n');
    end.send(Buffer.from('RFB 003.008\n'));
    expect((await vnc.input.read(12)).toString()).toBe('RFB 003.008\n');
    // Data larger than a socket's read arrives whole.
    const big = Buffer.alloc(300_000, 7);
    (await vnc.socket()).write(big);
    expect((await end.input.read(big.length)).equals(big)).toBe(true);
  });

  it('deflates the HMI half in one stream when the relay says so; it inflates as it comes', async () => {
    const vnc = await localVnc();
    const r = await relay({ compress: 'deflate' });
    const t = await open(vnc.port, r.url);
    const end = await r.next();
    const inflater = createInflateRaw();
    const plain = new ByteQueue();
    inflater.on('data', (d: Buffer) => plain.push(d));
    const frames: Buffer[] = [];
    end.socket.on('data', (d: Buffer) => {
      frames.push(d);
      inflater.write(d);
    });
    expect((await plain.read(12)).toString()).toBe('RFB 003.008\n');
    // A screen's worth of a flat colour, as a Raw update is: a small fraction crosses the link.
    const screen = Buffer.alloc(800 * 480 * 4, 0x3c);
    (await vnc.socket()).write(screen);
    expect((await plain.read(screen.length)).equals(screen)).toBe(true);
    expect(t.stats.toRelay).toBe(12 + screen.length);
    expect(t.stats.wireToRelay).toBe(frames.reduce((n, f) => n + f.length, 0));
    expect(t.stats.wireToRelay).toBeLessThan(screen.length / 100);
    // The browser half stays plain.
    end.send(Buffer.from('RFB 003.008\n'));
    expect((await vnc.input.read(12)).toString()).toBe('RFB 003.008\n');
  });

  it('a refused ticket fails the open and closes the local connection', async () => {
    const vnc = await localVnc();
    const r = await relay();
    await expect(open(vnc.port, r.url, 'x'.repeat(32))).rejects.toThrow(/4607/);
    const local = await vnc.socket();
    if (!local.destroyed) await new Promise((resolve) => local.once('close', resolve));
  });

  it('a VNC server that refuses is 1024, before the relay is dialled', async () => {
    const vnc = await localVnc();
    const free = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    await expect(connectLocalVnc('127.0.0.1', free)).rejects.toBeInstanceOf(VncOffError);
    const r = await relay();
    const tunnels = new Tunnels();
    const cmd = {
      v: 1 as const,
      id: 'c1',
      type: 'vnc' as const,
      url: r.url,
      session: 's'.repeat(16),
      ticket: TICKET,
    };
    expect(await tunnels.run(cmd, 'SIM-1', () => connectLocalVnc('127.0.0.1', free))).toEqual({
      ok: false,
      error: VNC_OFF_ACK_ERROR,
    });
    expect(await tunnels.run(cmd, 'SIM-1', () => connectLocalVnc('127.0.0.1', vnc.port))).toEqual({
      ok: true,
    });
    expect(tunnels.size).toBe(1);
    await tunnels.closeAll();
    expect(tunnels.size).toBe(0);
  });

  it('either side closing closes the other', async () => {
    const vnc = await localVnc();
    const r = await relay();
    const t = await open(vnc.port, r.url);
    const end = await r.next();
    (await vnc.socket()).destroy();
    await t.closed;
    await new Promise((resolve) => (end.socket.destroyed ? resolve(0) : end.socket.once('close', resolve)));

    const t2 = await open(vnc.port, r.url);
    const end2 = await r.next();
    end2.socket.end();
    await t2.closed;
  });
});

describe('VNC tunnel backpressure', () => {
  const TOTAL = 32 * 1024 * 1024;
  const CHUNK = 64 * 1024;

  it('a relay that stops reading stops the VNC server being read; nothing piles up', async () => {
    // The VNC server streams TOTAL bytes as fast as its socket takes them.
    const vnc = await localVnc(null);
    const r = await relay({ collect: false });
    const t = await open(vnc.port, r.url);
    const end = await r.next();
    end.socket.pause();
    const paused = new Promise((resolve) => t.once('pause', resolve));
    const local = await vnc.socket();
    const source = (async () => {
      for (let sent = 0; sent < TOTAL; sent += CHUNK)
        if (!local.write(Buffer.alloc(CHUNK, sent / CHUNK)))
          await new Promise((res) => local.once('drain', res));
    })();
    expect(await paused).toBe('local');
    let received = 0;
    const all = new Promise<void>((resolve) =>
      end.socket.on('data', (d: Buffer) => {
        received += d.length;
        if (received === TOTAL) resolve();
      }),
    );
    end.socket.resume();
    await Promise.all([source, all]);
    expect(t.stats.toRelay).toBe(TOTAL);
    expect(t.stats.maxQueuedToRelay).toBeLessThanOrEqual(TUNNEL_HIGH_WATER + CHUNK);
  });

  it('a VNC server that stops reading stops the relay being read', async () => {
    const vnc = await localVnc(null);
    const r = await relay();
    const t = await open(vnc.port, r.url);
    const end = await r.next();
    const local = await vnc.socket();
    local.pause();
    const paused = new Promise((resolve) => t.once('pause', resolve));
    const source = (async () => {
      // The relay's own backpressure: a write's callback comes once its socket took it.
      let last: Promise<unknown> = Promise.resolve();
      for (let sent = 0; sent < TOTAL; sent += CHUNK) {
        last = new Promise((res) => end.socket.write(Buffer.alloc(CHUNK, 1), () => res(0)));
        if (end.socket.writableLength > 4 * CHUNK) await last;
      }
      await last;
    })();
    expect(await paused).toBe('relay');
    let received = 0;
    const all = new Promise<void>((resolve) =>
      local.on('data', (d: Buffer) => {
        received += d.length;
        if (received === TOTAL) resolve();
      }),
    );
    local.resume();
    await Promise.all([source, all]);
    expect(t.stats.toLocal).toBe(TOTAL);
    expect(t.stats.maxQueuedToLocal).toBeLessThanOrEqual(TUNNEL_HIGH_WATER + CHUNK);
  });
});
