import {
  acknowledgeAlarms,
  bindDevice,
  getAlarmKpi,
  shelveAlarms,
  updateDevice,
  type AlarmKpi,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../platform/http/session';
import { createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { addRule, T0 } from '../../test/alarms';
import { databases } from '../../test/databases';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { DataPermissionService } from '../data-permissions';
import { RawFigures } from './figures';
import { ALARM_KPI_BUCKET_S as B } from './plan';
import { AlarmKpiRepo } from './repo';
import { AlarmKpiService } from './service';

/**
 * The page answers from running sums kept by triggers (migrations 0036 and 0038) and reads records
 * only at a range's edges; here its answer through the API must equal the one computed from the
 * records alone, after raises, acknowledgements (long after their bucket), recoveries, shelves,
 * chattering marks, a deleted rule, a grouped device unbound with its records and a device moved
 * into a group and on to another, for ranges on and across bucket and window edges, in several
 * zones, for the main account, a group, a template and a member who sees one group only.
 */
const NOW = T0 / 1000;
const DAY = 86_400;
/** A bucket edge inside the history (NOW is 2026-03-01 08:00 UTC, 23 days after it). */
const EDGE = Math.floor(NOW / B) * B;
const START = NOW - 100 * DAY;

/** A fixed pseudo-random sequence (so a failure replays). */
function sequence(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s % n;
  };
}

describe.each(databases)('alarm performance from running sums on $name', (database) => {
  let reg: RegistryObjects;
  let cold: number;
  let doomedRule: number;
  let ungrouped: number;
  let moved: number;
  let doomedDevice: number;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    reg = await seedRegistry(ctx.h, ctx.main, 'rol');
    const rule = (name: string, level: number) =>
      addRule(ctx.h, ctx.main, reg.templateId, { name, tag_id: reg.tagId, level, alarm_value: '90' });
    cold = await rule('cold', 8);
    doomedRule = await rule('doomed', 4);
    const bind = async (name: string, group_id: number | null) =>
      (
        await ok(ctx.h, ctx.main, bindDevice, {
          body: { ...(await newHardware(ctx.h, 'X10')), name, group_id, template_id: reg.templateId },
        })
      ).id;
    ungrouped = await bind('Ungrouped', null);
    moved = await bind('Moved', null);
    doomedDevice = await bind('Unbound', reg.childGroupId);
  });

  const db = () => ctx.h.app.database.db;

  /** Raises as the engine writes them: one open record per rule and device at most, the last. */
  async function raise() {
    const next = sequence(26);
    const devices = [reg.deviceId, ungrouped, moved, doomedDevice];
    const rules = [reg.alarmRuleId, cold, doomedRule];
    const times = Array.from({ length: 500 }, () => START + next(100 * DAY));
    // A burst across the bucket edge and across window edges: flooded windows cut by ranges.
    for (let k = 0; k < 60; k++) times.push(EDGE - 900 + k * 20);
    times.sort((a, b) => a - b);
    const rows = times.map((at) => {
      // (the sequence's low bits repeat every four draws: a remainder by 4 would pick few of them)
      const device = devices[Math.floor(next(400) / 100)] ?? reg.deviceId;
      const ruleId = rules[next(3)] ?? cold;
      const acked = next(2) === 0;
      return {
        team_id: ctx.main.teamId,
        device_id: device,
        // Now and then a record of the device's former template.
        template_id: next(20) === 0 ? reg.templateId + 1000 : reg.templateId,
        rule_id: ruleId,
        rule_name: `r${ruleId}`,
        // Rules whose level changed over time.
        level: [1, 4, 8][next(3)] ?? 1,
        type: 'limit',
        condition: 2,
        tag_name: 'temp',
        value: '91',
        content: '',
        state: acked ? 2 : 1,
        alarm_at: at,
        raised_at: at + next(5),
        response_at: acked ? at + next(2 * DAY) : null,
        recovery_at: at + 1 + next(3 * DAY),
        chattering: next(10) === 0 ? 1 : 0,
      };
    });
    // The last of each rule on each device still active (some stale by now).
    const open = new Map(rows.map((r, i) => [`${r.device_id}:${r.rule_id}`, i]));
    for (const i of open.values()) {
      const r = rows[i];
      if (r) Object.assign(r, { recovery_at: null, state: r.response_at === null ? 1 : 2 });
    }
    for (let i = 0; i < rows.length; i += 100)
      await db()
        .insertInto('alarm_records')
        .values(rows.slice(i, i + 100))
        .execute();
  }

  /** What operators and the engine do to them later, through the API where there is one. */
  async function operate() {
    const unacked = await db()
      .selectFrom('alarm_records')
      .select('id')
      .where('team_id', '=', ctx.main.teamId)
      .where('response_at', 'is', null)
      .orderBy('id')
      .limit(60)
      .execute();
    await ok(ctx.h, ctx.main, acknowledgeAlarms, { body: { ids: unacked.map((r) => r.id), note: 'seen' } });
    const active = await db()
      .selectFrom('alarm_records')
      .select(['id', 'device_id'])
      .where('team_id', '=', ctx.main.teamId)
      .where('recovery_at', 'is', null)
      .orderBy('id')
      .execute();
    await ok(ctx.h, ctx.main, shelveAlarms, {
      body: { ids: active.slice(0, 3).map((r) => r.id), minutes: 60, reason: 'maintenance' },
    });
    // The engine recovers one and marks another chattering.
    await db()
      .updateTable('alarm_records')
      .set({ recovery_at: NOW - 60, state: 4 })
      .where('id', '=', active[3]?.id ?? 0)
      .execute();
    await db()
      .updateTable('alarm_records')
      .set({ chattering: 1 })
      .where('team_id', '=', ctx.main.teamId)
      .where('alarm_at', '>=', EDGE - 600)
      .where('alarm_at', '<', EDGE + 600)
      .execute();
    // A device with records moved into a group, then on to its parent group.
    for (const group_id of [reg.childGroupId, reg.groupId])
      await ok(ctx.h, ctx.main, updateDevice, { params: { id: moved }, body: { group_id } });
    // A rule deleted under its records, a grouped device unbound with them.
    await db().deleteFrom('alarm_rules').where('id', '=', doomedRule).execute();
    const before = await db()
      .selectFrom('alarm_records')
      .select(db().fn.countAll<number>().as('n'))
      .where('device_id', '=', doomedDevice)
      .executeTakeFirstOrThrow();
    expect(Number(before.n)).toBeGreaterThan(0);
    await db().deleteFrom('devices').where('id', '=', doomedDevice).execute();
  }

  /** The answer computed from the records alone, for the same caller at the same time. */
  async function reference(account: TestAccount, query: Record<string, number>): Promise<AlarmKpi> {
    const row = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', account.userId)
      .executeTakeFirstOrThrow();
    const user: SessionUser = {
      id: row.id,
      teamId: row.team_id,
      isMain: row.is_main === 1,
      roleId: row.role_id,
      permissions: [],
      familyId: 'reference',
      row,
    };
    const repo = new AlarmKpiRepo(db());
    const raw = new AlarmKpiService(
      repo,
      new RawFigures(repo),
      DataPermissionService.over(db()),
      ctx.h.clock,
    );
    return raw.get(user, { start: 0, end: 1, timezone: 0, ...query });
  }

  const ranges: [string, number, number][] = [
    ['a hundred days to now', START, NOW],
    ['one whole bucket', EDGE - B, EDGE],
    ['partial buckets on both sides, added', EDGE - B - 5 * 3600 - 7, EDGE + 1234],
    ['buckets reaching past both ends, taken off', EDGE - B + 2 * DAY + 13, EDGE + 22 * DAY + 5],
    ['ten days across the edge (hourly)', EDGE - 5 * DAY - 300, EDGE + 5 * DAY + 299],
    ['three days inside a bucket', NOW - 3 * DAY - 17, NOW - 2 * DAY],
    ['inside one window', EDGE - 500, EDGE - 200],
    ['two windows cut at both ends', EDGE - 700, EDGE + 650],
  ];

  it('answers as the records do, for every range, zone and caller', async () => {
    await raise();
    await operate();
    const viewer = await createSubAccount(ctx.h, ctx.main.teamId, [2], { group: [reg.groupId] });
    const callers: [string, TestAccount, Record<string, number>][] = [
      ['main', ctx.main, {}],
      ['main, one group', ctx.main, { group_id: reg.childGroupId }],
      ['main, one template', ctx.main, { template_id: reg.templateId }],
      ['member of one group', viewer, {}],
    ];
    let compared = 0;
    for (const [, start, end] of ranges)
      for (const timezone of [0, 8, -10, 5.75])
        for (const [, account, filter] of callers) {
          const query = { start, end, timezone, ...filter };
          const fast = (await ok(ctx.h, account, getAlarmKpi, { query })) as AlarmKpi;
          expect(fast, JSON.stringify(query)).toEqual(await reference(account, query));
          compared += fast.total;
        }
    // The comparisons were of something: records in most ranges, the unbound device's gone.
    expect(compared).toBeGreaterThan(1000);
    const whole = (await ok(ctx.h, ctx.main, getAlarmKpi, {
      query: { start: START, end: NOW + 1 },
    })) as AlarmKpi;
    expect(whole.bad_actors.map((p) => p.device_id)).not.toContain(doomedDevice);
    expect(whole.bad_actors.some((p) => p.rule_id === null)).toBe(true);
    expect(whole.flood.flooded).toBeGreaterThan(0);
    expect(whole.stale.records).toBeGreaterThan(0);
    // The member sees the grouped devices' records only: the moved one's under its group now.
    const mine = (await ok(ctx.h, viewer, getAlarmKpi, {
      query: { start: START, end: NOW + 1 },
    })) as AlarmKpi;
    expect(mine.total).toBeLessThan(whole.total);
    expect(new Set(mine.bad_actors.map((p) => p.device_id))).toEqual(new Set([reg.deviceId, moved]));
  });
});
