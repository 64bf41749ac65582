import { createConnection } from 'node:net';
import { MUX_DATA_MAX, MUX_WINDOW, listPassthroughSessions } from '@hmi/contract';
import { mbpollRead, mbpollWrite, startModbusPeer, type ModbusPeer } from '@hmi/agent/modbus-peer';
import { startConnect } from '@hmi/agent/passthrough';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, TEST_PASSWORD, type TestAccount } from '../../test/accounts';
import { deviceUsageBytes } from '../../test/billing';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice } from '../../test/mqtt';
import { blastServer, freePort, passthroughGateway } from '../../test/passthrough';
import { withTraffic } from '../../test/vnc';

const MB = 1024 * 1024;

describe.each(databases)('engineering pass-through end to end on $name', (database) => {
  let server: string;
  let port: number;
  let peer: ModbusPeer;
  let main: TestAccount;
  let dev: Awaited<ReturnType<typeof boundDevice>>;
  const cleanups: (() => unknown)[] = [];

  beforeAll(async () => {
    port = await freePort();
    server = `http://127.0.0.1:${port}`;
  });
  const h = useHarness(database, {
    env: () => ({ RELAY_URL: server }),
    deps: { passthrough: { tickMs: 25, ticketTtlMs: 3000, heartbeatMs: 50 } },
  });
  beforeAll(async () => {
    await h.app.listen({ port, host: '127.0.0.1' });
    peer = await startModbusPeer({ tcp: true });
    main = await createMainAccount(h, 5);
    dev = await boundDevice(h, main, `${database.name}pt`);
    await withTraffic(h, main, dev.deviceId, 256 * MB);
    const gw = await passthroughGateway(h, dev, { 'plc1-prog': { host: '127.0.0.1', port: peer.port } });
    cleanups.push(() => gw.cleanup());
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await peer?.stop();
  });

  const connect = (target = 'plc1-prog', deviceId = dev.deviceId) =>
    startConnect({
      server,
      account: main.username,
      password: TEST_PASSWORD,
      device: deviceId,
      target,
      port: 0,
    });

  it('carries mbpoll reads and writes to the PLC behind the gateway, metered and recorded', async () => {
    await peer.set('hr', 0, [11, 22, 33, 44]);
    const client = await connect();
    expect(await mbpollRead(client.port, 4, 0, 4)).toEqual([11, 22, 33, 44]);
    await mbpollWrite(client.port, 10, [501, 502]);
    expect(await peer.get('hr', 10, 2)).toEqual([501, 502]);
    await client.close();
    // The client's close reaches the server's socket a moment later (its close event has no hook here).
    const recordOf = async () => {
      await h.app.passthroughHub.settled();
      const list = await api(h.app, listPassthroughSessions, {
        token: main.token,
        params: { id: dev.deviceId },
      });
      return list.body.data.list.find((r) => r.session === client.session);
    };
    await expect.poll(async () => (await recordOf())?.reason).toBe('user');
    const rec = await recordOf();
    expect(rec).toMatchObject({ target: 'plc1-prog', user_id: main.userId });
    expect(rec?.ended_at).not.toBeNull();
    expect(rec?.bytes).toBeGreaterThan(0);
    // Both directions are charged to the device's traffic, exactly what the record says.
    await expect.poll(() => deviceUsageBytes(h, dev.deviceId)).toBe(rec?.bytes);
  });

  it('carries several connections of the tool at once through one session', async () => {
    await peer.set('hr', 100, [1, 2, 3, 4, 5, 6, 7, 8]);
    const client = await connect();
    const reads = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => mbpollRead(client.port, 4, 100 + i, 2)));
    expect(reads).toEqual([0, 1, 2, 3, 4, 5].map((i) => [i + 1, i + 2]));
    expect(client.mux.stats.opened).toBe(6);
    await client.close();
  });

  it('holds a tool that stops reading to one window, and another device goes on at full speed', async () => {
    const blaster = await blastServer();
    cleanups.push(() => blaster.close());
    const other = await boundDevice(h, main, `${database.name}blast`);
    await withTraffic(h, main, other.deviceId, 256 * MB);
    const gw = await passthroughGateway(h, other, { stream: { host: '127.0.0.1', port: blaster.port } });
    cleanups.push(() => gw.cleanup());
    const streaming = await connect('stream', other.deviceId);
    // The engineer's tool connects and never reads: the PLC's writes stop draining.
    const tool = createConnection({ port: streaming.port, host: '127.0.0.1' });
    tool.pause();
    await blaster.blocked;
    const session = h.app.passthroughHub;
    await expect.poll(() => streaming.mux.stats.maxQueued).toBeGreaterThan(0);
    const carried = () => session.bytes(streaming.session);
    const before = carried();
    // Meanwhile the PLC behind the first device answers through its own session.
    await peer.set('hr', 200, [7, 8]);
    const plc = await connect();
    for (let i = 0; i < 5; i++) expect(await mbpollRead(plc.port, 4, 200, 2)).toEqual([7, 8]);
    await plc.close();
    // Nothing more crossed the relay for the stalled connection, and the client holds at most a
    // window of it in the tool's socket.
    expect(carried() - before).toBeLessThan(MUX_WINDOW);
    expect(streaming.mux.stats.maxQueued).toBeLessThanOrEqual(MUX_WINDOW + MUX_DATA_MAX);
    expect(session.paused(streaming.session)).toEqual({ client: false, device: false });
    tool.destroy();
    await streaming.close();
  });
});
