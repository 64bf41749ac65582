import { connect as netConnect, type Socket } from 'node:net';
import { topics, type TopicKind } from '@hmi/contract';
import Fastify from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pumpPacket, rawDevice as rawDeviceOn } from '../../test/flood';
import { EmbeddedBroker } from './embedded';

const MAX = 256 * 1024;
const MB = 1024 * 1024;
const secrets = new Map([
  ['HMIA1', 'secret-a'],
  ['HMIB1', 'secret-b'],
]);

/**
 * The real embedded broker under abuse: a packet whose fixed header announces more than the maximum
 * is refused as its header arrives (nothing of it is buffered), and a device may use only its own
 * client id, so it cannot take over another device's session.
 */
describe('embedded broker limits', () => {
  let broker: EmbeddedBroker;
  const received: { sn: string; kind: TopicKind; bytes: number }[] = [];

  beforeAll(async () => {
    broker = new EmbeddedBroker({
      port: 0,
      host: '127.0.0.1',
      maxPacket: MAX,
      authenticate: async (u, p) => u !== undefined && secrets.get(u) === p?.toString('utf8'),
      log: Fastify({ logger: false }).log,
    });
    await broker.start({
      message: async (sn, kind, payload) => {
        received.push({ sn, kind, bytes: payload.length });
      },
      presence: () => {},
    });
  });
  afterAll(async () => {
    await broker?.close();
  });

  const url = () => `mqtt://127.0.0.1:${broker.port ?? 0}`;
  const device = (sn: string, opts: IClientOptions = {}): Promise<MqttClient> =>
    mqtt.connectAsync(url(), {
      username: sn,
      password: secrets.get(sn) ?? '',
      clientId: `hmi-${sn}`,
      reconnectPeriod: 0,
      ...opts,
    });

  /** A raw TCP connection that has read the CONNACK of an authenticated CONNECT. */
  const rawDevice = (sn: string): Promise<Socket> =>
    rawDeviceOn(broker.port ?? 0, sn, secrets.get(sn) ?? '', 30);

  /**
   * Writes a fixed header announcing `length` bytes, then the body in 64 KiB pieces as fast as the
   * socket takes them. Resolves with how much went out before the server closed the connection, and
   * the largest growth of this process's buffer memory seen meanwhile (server and client share it).
   */
  async function pump(socket: Socket, type: number, length: number) {
    const base = process.memoryUsage();
    let peakBuffers = 0;
    let peakRss = 0;
    const r = await pumpPacket(socket, type, length, () => {
      const now = process.memoryUsage();
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers - base.arrayBuffers);
      peakRss = Math.max(peakRss, now.rss - base.rss);
    });
    return { ...r, peakBuffers, peakRss };
  }

  it('closes an unauthenticated 100 MB CONNECT at its header, without buffering it', async () => {
    const socket = netConnect(broker.port ?? 0, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const r = await pump(socket, 0x10, 100 * MB);
    expect(r.closed).toBe(true);
    // What loopback socket buffers hold is all that went out: far less than the packet.
    expect(r.written).toBeLessThan(24 * MB);
    expect(r.peakBuffers).toBeLessThan(16 * MB);
    expect(r.peakRss).toBeLessThan(50 * MB);
  });

  it("closes an authenticated device's 64 MB PUBLISH at its header, without buffering it", async () => {
    const socket = await rawDevice('HMIA1');
    const r = await pump(socket, 0x32, 64 * MB);
    expect(r.closed).toBe(true);
    expect(r.written).toBeLessThan(24 * MB);
    expect(r.peakBuffers).toBeLessThan(16 * MB);
    expect(r.peakRss).toBeLessThan(40 * MB);
    expect(received.some((m) => m.bytes > MAX)).toBe(false);
  });

  it('still takes a batch just under the limit, and a device that stayed within it', async () => {
    const c = await device('HMIB1');
    const payload = Buffer.alloc(MAX - 1024, 0x20);
    await c.publishAsync(topics.tags('HMIB1'), payload, { qos: 1 });
    expect(received.some((m) => m.sn === 'HMIB1' && m.bytes === payload.length)).toBe(true);
    await c.endAsync();
  });

  it("refuses a device connecting with another device's client id; the owner stays connected", async () => {
    const a = await device('HMIA1');
    let aClosed = false;
    a.on('close', () => (aClosed = true));
    await expect(device('HMIB1', { clientId: 'hmi-HMIA1' })).rejects.toThrow(/identifier rejected/i);
    await expect(device('HMIB1', { clientId: 'anything-else' })).rejects.toThrow(/identifier rejected/i);
    // A's session is untouched: it still publishes with an acknowledgement.
    await a.publishAsync(topics.tags('HMIA1'), JSON.stringify({ v: 1, seq: 1, values: [] }), { qos: 1 });
    expect(aClosed).toBe(false);
    expect(broker.connected()).toContain('HMIA1');
    const b = await device('HMIB1');
    expect(broker.connected()).toEqual(expect.arrayContaining(['HMIA1', 'HMIB1']));
    await Promise.all([a.endAsync(), b.endAsync()]);
  });
});
