import { once } from 'node:events';
import { createServer, connect as tcpConnect, type AddressInfo, type Server, type Socket } from 'node:net';
import { MUX_DATA_MAX, MUX_KIND, MUX_WINDOW, PASSTHROUGH_UNKNOWN_TARGET } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePassthroughTargets } from './targets';
import { PassthroughTunnels } from './gateway-side';
import { frame, Mux, MuxProtocolError } from './mux';

let target: Server;
let port: number;
const accepted: Socket[] = [];

beforeAll(async () => {
  target = createServer((s) => {
    accepted.push(s);
    s.on('error', () => undefined);
  });
  target.listen(0, '127.0.0.1');
  await once(target, 'listening');
  port = (target.address() as AddressInfo).port;
});
afterAll(() => {
  for (const s of accepted) s.destroy();
  target.close();
});

/** The gateway's end of a session whose frames the test writes, and what it sends back. */
function gatewayEnd() {
  const out: Buffer[] = [];
  const mux = new Mux({ send: (f) => out.push(f), dial: () => tcpConnect({ host: '127.0.0.1', port }) });
  const kinds = () => out.map((f) => [f[4], f.readUInt32BE(5)]);
  return { mux, out, kinds };
}

describe('multiplexed stream', () => {
  it('reads frames cut at any byte and carries data to the channel’s connection', async () => {
    const { mux } = gatewayEnd();
    const bytes = Buffer.concat([frame(MUX_KIND.open, 7), frame(MUX_KIND.data, 7, Buffer.from('hello PLC'))]);
    const got = once(target, 'connection');
    for (const b of bytes) mux.feed(Buffer.from([b]));
    const [sock] = (await got) as [Socket];
    const [data] = (await once(sock, 'data')) as [Buffer];
    expect(data.toString()).toBe('hello PLC');
    mux.closeAll();
  });

  it('drops a channel whose peer sends past the window, telling it so', async () => {
    const { mux, kinds } = gatewayEnd();
    const got = once(target, 'connection');
    mux.feed(frame(MUX_KIND.open, 1));
    const [sock] = (await got) as [Socket];
    // The target stops reading; a well-behaved peer would wait for acknowledgements.
    sock.pause();
    const chunk = Buffer.alloc(MUX_DATA_MAX, 1);
    for (let sent = 0; sent <= MUX_WINDOW; sent += chunk.length) mux.feed(frame(MUX_KIND.data, 1, chunk));
    expect(kinds()).toContainEqual([MUX_KIND.close, 1]);
    expect(mux.size).toBe(0);
  });

  it('refuses an overlong frame, an unknown kind and a second open of one channel', () => {
    const { mux } = gatewayEnd();
    const long = Buffer.alloc(4);
    long.writeUInt32BE(MUX_DATA_MAX + 100);
    expect(() => mux.feed(long)).toThrow(MuxProtocolError);
    expect(() => gatewayEnd().mux.feed(frame(9, 1))).toThrow(MuxProtocolError);
    const twice = gatewayEnd().mux;
    twice.feed(frame(MUX_KIND.open, 3));
    expect(() => twice.feed(frame(MUX_KIND.open, 3))).toThrow(MuxProtocolError);
    twice.closeAll();
  });

  it('stops reading a connection at one window until acknowledgements come back', async () => {
    const out: Buffer[] = [];
    const mux = new Mux({ send: (f) => out.push(f) });
    const local = tcpConnect({ host: '127.0.0.1', port });
    await once(local, 'connect');
    // Earlier tests' dials may still arrive: this test's peer is the one at the other end of `local`.
    await expect.poll(() => accepted.some((s) => s.remotePort === local.localPort)).toBe(true);
    const plc = accepted.find((s) => s.remotePort === local.localPort) as Socket;
    expect(mux.attach(local)).toBe(true);
    plc.write(Buffer.alloc(MUX_WINDOW * 3, 2));
    const dataBytes = () => out.filter((f) => f[4] === MUX_KIND.data).reduce((n, f) => n + f.length - 9, 0);
    await expect.poll(dataBytes).toBe(MUX_WINDOW);
    const ack = Buffer.alloc(4);
    ack.writeUInt32BE(MUX_WINDOW);
    mux.feed(frame(MUX_KIND.ack, 1, ack));
    await expect.poll(dataBytes).toBe(2 * MUX_WINDOW);
    mux.closeAll();
  });
});

describe('gateway targets', () => {
  it('refuses a name its file does not list, without dialling anything', async () => {
    const before = accepted.length;
    const tunnels = new PassthroughTunnels({ plc: { host: '127.0.0.1', port } });
    const r = await tunnels.run(
      {
        v: 1,
        id: 'c1',
        type: 'passthrough',
        url: 'ws://127.0.0.1:1/v1/passthrough/tunnel',
        session: 's'.repeat(16),
        ticket: 't'.repeat(32),
        target: 'toString',
      },
      'SN1',
    );
    expect(r).toEqual({ ok: false, error: PASSTHROUGH_UNKNOWN_TARGET });
    expect(accepted.length).toBe(before);
  });

  it('checks the config file’s passthrough list', () => {
    expect(parsePassthroughTargets({ 'plc1-prog': { host: '192.168.1.10', port: 502 } })).toEqual({
      'plc1-prog': { host: '192.168.1.10', port: 502 },
    });
    expect(() => parsePassthroughTargets({ '1bad': { host: 'h', port: 502 } })).toThrow(/name/);
    expect(() => parsePassthroughTargets({ plc: { host: 'h', port: 70000 } })).toThrow(/port/);
    expect(() => parsePassthroughTargets([])).toThrow(/maps/);
    expect(parsePassthroughTargets(undefined)).toEqual({});
  });
});
