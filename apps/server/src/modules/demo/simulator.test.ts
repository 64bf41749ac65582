import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentityStore, readIdentities } from '@hmi/agent/identities';
import { demoSimTags, startSimulatedHmi, type SimulatedHmi } from '@hmi/agent/simulator';
import {
  checkDeviceName,
  deviceTags,
  ingestStats,
  writeTag,
  getCommand,
  getDevice,
  syncDevice,
  listDevices,
  login as loginCall,
  type WsDeviceEvent,
} from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { sqliteDatabase } from '../../test/databases';
import { api, startHarness } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, nextLive } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { demoTemplateTags } from './hmis';

describe('simulated HMIs against the server', () => {
  let main: TestAccount;
  let n = 0;
  const dir = mkdtempSync(join(tmpdir(), 'hmi-sim-'));
  const running: SimulatedHmi[] = [];

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
  });
  const h = useHarness(sqliteDatabase, { env: { COMMAND_TIMEOUT_SECONDS: '5' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 50);
  });
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
  });

  /** A device bound to `main` with the demo template, its hardware identity and live-tag lookup. */
  async function demoDevice() {
    n += 1;
    const d = await boundDevice(h, main, `Sim${n}`, demoTemplateTags);
    const tags = () => ok(h, main, deviceTags, { params: { id: d.deviceId } });
    return { ...d, tags };
  }

  const start = (
    sn: string,
    secret: string,
    extra: Partial<Parameters<typeof startSimulatedHmi>[0]> = {},
  ) => {
    // A long rate: batches come from the first tick on connect and from explicit publishNow().
    const sim = startSimulatedHmi({
      url: brokerUrl(h),
      sn,
      secret,
      tags: demoSimTags,
      rateMs: 60_000,
      ...extra,
    });
    running.push(sim);
    return sim;
  };

  const valuesOf = (deviceId: number) => (e: WsDeviceEvent) =>
    e.type === 'values' && e.device_id === deviceId;

  it('publishes valid batches that the server stores as latest values', async () => {
    const d = await demoDevice();
    const stored = nextLive(h, valuesOf(d.deviceId));
    const sim = start(d.sn, d.secret);
    await sim.ready();
    const event = await stored;
    expect(event.type === 'values' && event.values.map((v) => v.tag).sort()).toEqual(
      demoSimTags.map((t) => t.name).sort(),
    );
    const { list } = await d.tags();
    expect(list.every((t) => t.value !== null && t.ts !== null)).toBe(true);
    const byName = Object.fromEntries(list.map((t) => [t.name, t.value]));
    expect(Number(byName.temperature)).toBeGreaterThanOrEqual(18);
    expect(Number(byName.temperature)).toBeLessThanOrEqual(32);
    expect(['0', '1']).toContain(byName.running);
    expect(['RUNNING', 'HEATING', 'COOLING', 'IDLE']).toContain(byName.status);
    const stats = await ok(h, main, ingestStats, { params: { id: d.deviceId } });
    expect(stats).toMatchObject({ batches: 1, duplicates: 0, rejected: {} });
    expect(sim.status().connected).toBe(true);
  });

  it('write round trip: the value changes and the command is acknowledged ok; unknown TAG acks an error', async () => {
    const d = await demoDevice();
    const sim = start(d.sn, d.secret);
    const online = nextLive(h, (e) => e.type === 'online' && e.device_id === d.deviceId && e.online === 1);
    await sim.ready();
    await online;
    const { list } = await d.tags();
    const setpoint = list.find((t) => t.name === 'setpoint');
    if (!setpoint) throw new Error('no setpoint TAG');

    const done = nextLive(
      h,
      (e) => e.type === 'command' && e.device_id === d.deviceId && e.status !== 'pending',
    );
    const cmd = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: setpoint.id },
      body: {
        value: 31.5,
      },
    });
    expect(cmd.status).toBe('pending');
    expect(await done).toMatchObject({ status: 'done' });
    expect(sim.value('setpoint')).toBe(31.5);
    expect(sim.status().lastWrite).toBe('setpoint=31.5 ok');
    // The next batch carries the written value.
    const next = nextLive(h, valuesOf(d.deviceId));
    await sim.publishNow();
    const ev = await next;
    expect(ev.type === 'values' && ev.values.find((v) => v.tag === 'setpoint')?.value).toBe('31.5');
    expect((await ok(h, main, getCommand, { params: { id: d.deviceId, cmdId: cmd.id } })).status).toBe(
      'done',
    );

    // A TAG the HMI does not know (its table is older than the cloud's): ack error.
    await sim.stop();
    const reduced = start(d.sn, d.secret, {
      tags: demoSimTags.filter((t) => t.name !== 'speed'),
      seq: {
        next: (() => {
          let s = 1000;
          return () => (s += 1);
        })(),
        last: () => 0,
      },
    });
    const online2 = nextLive(h, (e) => e.type === 'online' && e.device_id === d.deviceId && e.online === 1);
    await reduced.ready();
    await online2;
    const speed = list.find((t) => t.name === 'speed');
    if (!speed) throw new Error('no speed TAG');
    const failed = nextLive(
      h,
      (e) => e.type === 'command' && e.device_id === d.deviceId && e.status !== 'pending',
    );
    await ok(h, main, writeTag, { params: { id: d.deviceId, tagId: speed.id }, body: { value: 900 } });
    expect(await failed).toMatchObject({ status: 'failed' });
    expect(reduced.status().lastWrite).toMatch(/^speed: unknown TAG/);
  });

  it('sync round trip: the HMI adopts the pushed TAG list and the sync status becomes 1', async () => {
    const d = await demoDevice();
    // The HMI runs an older table (version 0, TAG temperature only).
    const sim = start(d.sn, d.secret, { tags: demoSimTags.filter((t) => t.name === 'temperature') });
    await sim.ready();
    const before = await ok(h, main, getDevice, { params: { id: d.deviceId } });
    expect(before.sync_status).toBe(0);
    const synced = nextLive(h, (e) => e.type === 'sync' && e.device_id === d.deviceId && e.sync_status === 1);
    const cmd = await ok(h, main, syncDevice, { params: { id: d.deviceId } });
    expect(cmd.status).toBe('pending');
    await synced;
    expect(sim.tagNames().sort()).toEqual(demoTemplateTags.map((t) => t.name).sort());
    expect(sim.status().configVersion).toBe(d.version);
    const after = await ok(h, main, getDevice, { params: { id: d.deviceId } });
    expect(after).toMatchObject({ sync_status: 1, hmi_version: d.version });
  });

  it('persists seq in the identities file: a restarted simulator is never dropped as a duplicate', async () => {
    const d = await demoDevice();
    const path = join(dir, 'sims.json');
    const first = new IdentityStore(path, {
      devices: [{ sn: d.sn, pin: d.pin, secret: d.secret, model: 'X10', seq: 0 }],
    });
    first.save();
    const lease1 = first.lease(d.sn, 5);
    const sim1 = start(d.sn, d.secret, { seq: lease1 });
    await sim1.ready();
    for (let i = 0; i < 6; i += 1) await sim1.publishNow();
    // Killed without a clean stop (no release): the file holds the reserved ceiling.
    await sim1.stop();
    const onFile = readIdentities(path).devices[0]?.seq ?? 0;
    expect(onFile).toBeGreaterThan(sim1.status().lastSeq ?? Infinity);

    const second = new IdentityStore(path, readIdentities(path));
    const sim2 = start(d.sn, d.secret, { seq: second.lease(d.sn, 5) });
    const stored = nextLive(h, valuesOf(d.deviceId));
    await sim2.ready();
    await stored;
    await sim2.publishNow();
    const stats = await ok(h, main, ingestStats, { params: { id: d.deviceId } });
    expect(stats.duplicates).toBe(0);
    expect(stats.batches).toBe(sim1.status().batches + sim2.status().batches);
    expect(sim2.status().lastSeq).toBeGreaterThan(sim1.status().lastSeq ?? Infinity);
  });
});

describe('DEMO=1', () => {
  it('seeds 3 demo HMIs bound to the demo team that go online with live values, idempotently', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-demo-'));
    // The SQLite file lives in DATA_DIR: the second start below reuses the same database.
    const env = { DEMO: '1', DATA_DIR: dataDir };
    const h = await startHarness(sqliteDatabase, env);
    try {
      expect(h.app.demoHmis?.deviceIds).toHaveLength(3);
      const pending = new Set(h.app.demoHmis?.deviceIds);
      const allOnline = new Promise<void>((resolve) => {
        const off = h.app.connectivity.bus.on('live', ({ event }) => {
          if (event.type === 'online' && event.online) pending.delete(event.device_id);
          if (!pending.size) {
            off();
            resolve();
          }
        });
      });
      await h.app.ready();
      await allOnline;

      const login = await api(h.app, loginCall, {
        query: { type: '1' },
        body: { user: 'demo@hmi.local', passwd: 'Demo@2026' },
      });
      const demo = { token: login.body.data.token };
      const devices = await ok(h, demo, listDevices);
      expect(devices.list).toHaveLength(3);
      expect(devices.list.every((x) => x.online === 1 && x.sync_status === 1)).toBe(true);
      // Named as a user must name a device, so editing one does not fail on its name.
      expect(devices.list.map((x) => checkDeviceName(x.name))).toEqual([null, null, null]);
      const values = nextLive(h, (e) => e.type === 'values');
      await values;
      const first = devices.list[0];
      if (!first) throw new Error('no device');
      const tags = await ok(h, demo, deviceTags, { params: { id: first.id } });
      expect(tags.list.length).toBe(demoTemplateTags.length);
    } finally {
      await h.app.close();
    }

    // A restart on the same data: nothing new registered or bound; the same devices come back online.
    const h2 = await startHarness(sqliteDatabase, env);
    try {
      expect(h2.app.demoHmis?.deviceIds).toHaveLength(3);
      const hw = await h2.app.database.db.selectFrom('hardware').select('sn').execute();
      expect(hw).toHaveLength(3);
      const online = nextLive(h2, (e) => e.type === 'online' && e.online === 1);
      await h2.app.ready();
      await online;
      const stats = await Promise.all(h2.app.demoHmis?.sims.map((s) => s.ready()) ?? []);
      expect(stats).toHaveLength(3);
    } finally {
      await h2.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
