import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  acknowledgeAlarms,
  bindDevice,
  createGroup,
  listAlarms,
  TagDataType,
  unbindDevice,
} from '@hmi/contract';
import { sql } from 'kysely';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../platform/db';
import { createMainAccount, createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { addRule, publisher, T0 } from '../../test/alarms';
import { databases } from '../../test/databases';
import { provisionFleet } from '../../test/fleet';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';

const S0 = T0 / 1000;

/** One alarm_records row: `device` of `team`, alarm `at` seconds after S0. */
function record(team: number, device: number, template: number, at: number, rule: number | null = null) {
  return {
    team_id: team,
    device_id: device,
    template_id: template,
    rule_id: rule,
    rule_name: 'r',
    level: 1 + (at % 2) * 3,
    type: 'limit',
    condition: 2,
    tag_name: 'temp',
    value: '81',
    content: '',
    state: 4,
    alarm_at: S0 + at,
    raised_at: S0 + at,
    recovery_at: S0 + at + 1,
  };
}

describe.each(databases)('alarm record totals kept per device on $name', (database) => {
  let viewer: TestAccount;
  let other: TestAccount;
  let live: Awaited<ReturnType<typeof boundDevice>>;
  let client: MqttClient;
  /** Device A in group A (the viewer's), B in group B, C in no group; `live` has no group either. */
  let dev: { a: number; b: number; c: number; groupA: number };
  let otherDevice: number;
  const ctx = withAccountSuite(new AccountSuite(), database, 50, async () => {
    other = await createMainAccount(ctx.h, 5);
    live = await boundDevice(ctx.h, ctx.main, `cnt${database.name}`);
    const group = async (name: string) => (await ok(ctx.h, ctx.main, createGroup, { body: { name } })).id;
    const [groupA, groupB] = [await group('A'), await group('B')];
    const device = async (account: TestAccount, name: string, group_id?: number) =>
      (await ok(ctx.h, account, bindDevice, { body: { ...(await newHardware(ctx.h)), name, group_id } })).id;
    dev = {
      a: await device(ctx.main, 'alpha', groupA),
      b: await device(ctx.main, 'beta', groupB),
      c: await device(ctx.main, 'gamma'),
      groupA,
    };
    otherDevice = await device(other, 'delta');
    viewer = await createSubAccount(ctx.h, ctx.main.teamId, [2], { group: [groupA] });
    client = await connect(brokerUrl(ctx.h), { username: live.sn, password: live.secret });
  });

  const db = () => ctx.h.app.database.db;
  const insert = (rows: ReturnType<typeof record>[]) =>
    db().insertInto('alarm_records').values(rows).execute();
  const total = async (account: TestAccount, query: Record<string, number | string> = {}) =>
    (await ok(ctx.h, account, listAlarms, { query: { pageSize: 1, ...query } })).total;

  /** Counter rows next to counts of the records themselves (rows of 0 left by deletes ignored). */
  const kept = async () => {
    const counters = await db()
      .selectFrom('alarm_record_counts')
      .select(['team_id', 'device_id', 'n'])
      .where('n', '!=', 0)
      .orderBy('team_id')
      .orderBy('device_id')
      .execute();
    const counted = await db()
      .selectFrom('alarm_records')
      .select(['team_id', 'device_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['team_id', 'device_id'])
      .orderBy('team_id')
      .orderBy('device_id')
      .execute();
    const plain = (rows: { team_id: number; device_id: number; n: number | string | bigint }[]) =>
      rows.map((r) => [r.team_id, r.device_id, Number(r.n)]);
    return { counters: plain(counters), counted: plain(counted) };
  };

  /** Totals of every view the counters answer, next to what counting the records gives. */
  const views = async () => {
    const exact = async (team: number, where: { device?: number; groups?: number[] } = {}) => {
      let q = db()
        .selectFrom('alarm_records')
        .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
        .where('alarm_records.team_id', '=', team);
      if (where.device !== undefined) q = q.where('alarm_records.device_id', '=', where.device);
      if (where.groups) q = q.where('devices.group_id', 'in', where.groups);
      const r = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    };
    return {
      api: [
        await total(ctx.main),
        await total(ctx.main, { device_id: dev.b }),
        await total(ctx.main, { device_id: live.deviceId }),
        await total(viewer),
        await total(viewer, { device_id: dev.b }),
        await total(other),
      ],
      counted: [
        await exact(ctx.main.teamId),
        await exact(ctx.main.teamId, { device: dev.b }),
        await exact(ctx.main.teamId, { device: live.deviceId }),
        await exact(ctx.main.teamId, { groups: [dev.groupA] }),
        0,
        await exact(other.teamId),
      ],
    };
  };

  const expectExact = async () => {
    const k = await kept();
    expect(k.counters).toEqual(k.counted);
    const v = await views();
    expect(v.api).toEqual(v.counted);
    return v.api;
  };

  afterAll(async () => {
    await client?.endAsync();
  });

  it('follows inserts of one and many rows, the engine’s raises and acknowledgements', async () => {
    const t = live.templateId;
    await insert([record(ctx.main.teamId, dev.a, t, 0)]);
    await insert([
      ...[1, 2, 3].map((at) => record(ctx.main.teamId, dev.a, t, at)),
      ...[4, 5].map((at) => record(ctx.main.teamId, dev.b, t, at)),
      record(ctx.main.teamId, dev.c, t, 6),
      record(other.teamId, otherDevice, t, 7),
    ]);
    expect(await expectExact()).toEqual([7, 2, 0, 4, 0, 1]);

    // The engine raises through a multi-row insert that skips pairs already in alarm.
    await addRule(ctx.h, ctx.main, live.templateId, {
      name: 'hot',
      tag_id: live.tagId('temp'),
      alarm_value: '80',
    });
    const pub = publisher(ctx.h, client, live.sn, live.deviceId);
    await pub.send('temp', 85, 10);
    await pub.send('temp', 86, 11);
    expect(await expectExact()).toEqual([8, 2, 1, 4, 0, 1]);
    const [raised] = (await ok(ctx.h, ctx.main, listAlarms, { query: { device_id: live.deviceId } })).list;
    await ok(ctx.h, ctx.main, acknowledgeAlarms, { body: { ids: [raised?.id ?? 0] } });
    await pub.send('temp', 20, 12);
    expect(await expectExact()).toEqual([8, 2, 1, 4, 0, 1]);
    // Filtered views still count the records.
    expect(await total(ctx.main, { state: 4 })).toBe(8);
    expect(await total(ctx.main, { level: 4 })).toBe(3);
  });

  it('follows deletes by time, a record moved to another device and a device unbound', async () => {
    await db()
      .deleteFrom('alarm_records')
      .where('team_id', '=', ctx.main.teamId)
      .where('alarm_at', '<', S0 + 2)
      .execute();
    expect(await expectExact()).toEqual([6, 2, 1, 2, 0, 1]);
    await db()
      .updateTable('alarm_records')
      .set({ device_id: dev.c })
      .where('device_id', '=', dev.b)
      .where('alarm_at', '=', S0 + 4)
      .execute();
    expect(await expectExact()).toEqual([6, 1, 1, 2, 0, 1]);
    await ok(ctx.h, ctx.main, unbindDevice, { params: { id: dev.a } });
    expect(await expectExact()).toEqual([4, 1, 1, 0, 0, 1]);
    const left = await db().selectFrom('alarm_record_counts').select('device_id').execute();
    expect(left.map((r) => r.device_id)).not.toContain(dev.a);
  });

  it('answers the unfiltered total from the counters and a filtered one from the records', async () => {
    await db()
      .updateTable('alarm_record_counts')
      .set({ n: sql`n + 1000` })
      .where('device_id', '=', dev.c)
      .execute();
    try {
      expect(await total(ctx.main)).toBe(1004);
      expect(await total(ctx.main, { device_id: dev.c })).toBe(1002);
      expect(await total(ctx.main, { state: 4 })).toBe(4);
    } finally {
      await db()
        .updateTable('alarm_record_counts')
        .set({ n: sql`n - 1000` })
        .where('device_id', '=', dev.c)
        .execute();
    }
  });
});

describe.each(databases)('migration 0017 (alarm record counts) on $name', (database) => {
  it('counts the records already stored', async () => {
    const target = await database.create();
    const dataDir = mkdtempSync(join(tmpdir(), 'hmi-m0017-'));
    const store = openDatabase({ databaseUrl: target.env.DATABASE_URL ?? null, dataDir });
    try {
      await migrate(store, '0015_audit_log');
      const fleet = await provisionFleet(store, {
        count: 3,
        prefix: 'CNT',
        tags: [{ name: 'temp', data_type: TagDataType.FLOAT, save_history: true }],
      });
      const [d0, , d2] = fleet.devices.map((d) => d.id);
      const rows = [0, 1, 2, 3, 4].map((at) =>
        record(fleet.teamId, at < 3 ? (d0 ?? 0) : (d2 ?? 0), fleet.templateId, at),
      );
      await store.db.insertInto('alarm_records').values(rows).execute();
      await migrate(store);
      const counts = await store.db
        .selectFrom('alarm_record_counts')
        .select(['device_id', 'n'])
        .orderBy('device_id')
        .execute();
      expect(counts.map((r) => [r.device_id, Number(r.n)])).toEqual([
        [d0, 3],
        [d2, 2],
      ]);
    } finally {
      await store.close();
      await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
