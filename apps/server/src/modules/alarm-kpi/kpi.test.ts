import { bindDevice, ErrorCode, exportAlarmKpi, getAlarmKpi, type AlarmKpi } from '@hmi/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { addRule, T0 } from '../../test/alarms';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';
import { AccountSuite, withAccountSuite } from '../../test/suite';

/**
 * A seeded alarm history whose figures are worked out by hand below. The harness clock stands at
 * NOW (2026-03-01 08:00 UTC); the range is the two days before it, [R, NOW); B0 is an hour in.
 */
const NOW = T0 / 1000;
const R = NOW - 2 * 86_400;
const B0 = R + 3600;

describe.each(databases)('alarm performance on $name', (database) => {
  let reg: RegistryObjects;
  let other: TestAccount;
  let otherDevice: number;
  let deviceB: number;
  let cold: number;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    reg = await seedRegistry(ctx.h, ctx.main, 'kpi');
    cold = await addRule(ctx.h, ctx.main, reg.templateId, {
      name: 'cold',
      tag_id: reg.tagId,
      level: 8,
      alarm_value: '90',
    });
    const hw = await newHardware(ctx.h, 'X10');
    deviceB = (
      await ok(ctx.h, ctx.main, bindDevice, { body: { ...hw, name: 'Bkpi', template_id: reg.templateId } })
    ).id;
    other = await createMainAccount(ctx.h, 5);
    otherDevice = (
      await ok(ctx.h, other, bindDevice, { body: { ...(await newHardware(ctx.h)), name: 'Okpi' } })
    ).id;
    const row = (
      device: number,
      rule: number | null,
      name: string,
      level: number,
      at: number,
      times: { ack?: number; rec?: number; chattering?: boolean } = {},
      team = ctx.main.teamId,
      template = reg.templateId,
    ) => ({
      team_id: team,
      device_id: device,
      template_id: template,
      rule_id: rule,
      rule_name: name,
      level,
      type: 'limit',
      condition: 2,
      tag_name: 'temp',
      value: '81',
      content: '',
      state: times.rec !== undefined ? 4 : times.ack !== undefined ? 2 : 1,
      alarm_at: at,
      raised_at: at,
      response_at: times.ack === undefined ? null : at + times.ack,
      recovery_at: times.rec === undefined ? null : at + times.rec,
      chattering: times.chattering ? 1 : 0,
    });
    const a = reg.deviceId;
    const r1 = reg.alarmRuleId;
    await ctx.h.app.database.db
      .insertInto('alarm_records')
      .values([
        // Before the range: not counted.
        row(a, r1, 'Rkpi', 1, R - 600, { ack: 5, rec: 10 }),
        // A burst of r1 on A, one a minute in one ten-minute window: acknowledged after 30 s,
        // recovered after 20 s. A flood window. Marked as the engine marks them (5 raises within
        // 10 minutes, operations.test.ts): the 5th to 10th chatter; R - 600 is 70 min before.
        ...Array.from({ length: 10 }, (_, k) =>
          row(a, r1, 'Rkpi', 1, B0 + 60 * k, { ack: 30, rec: 20, chattering: k >= 4 }),
        ),
        // r2 on B in the next window but one: the first recovers after 25 h (stale), the second after 100 s.
        row(deviceB, cold, '=HYPERLINK("x")', 8, B0 + 1200, { rec: 90_000 }),
        row(deviceB, cold, '=HYPERLINK("x")', 8, B0 + 1230, { rec: 100 }),
        // r2 on A hourly: acknowledged after 90 s and 120 s, recovered after 600 s; the third still
        // active (stale at NOW: raised 44 h before).
        row(a, cold, 'cold', 8, B0 + 3600, { ack: 90, rec: 600 }),
        row(a, cold, 'cold', 8, B0 + 7200, { ack: 120, rec: 600 }),
        row(a, cold, 'cold', 8, B0 + 10_800),
        // At the end (excluded: the range is half-open), and another team's.
        row(a, r1, 'Rkpi', 1, NOW, { ack: 1, rec: 1 }),
      ])
      .execute();
    await ctx.h.app.database.db
      .insertInto('alarm_records')
      .values(row(otherDevice, null, 'x', 16, B0, {}, other.teamId, 0))
      .execute();
  });

  const kpi = async (account: TestAccount, query: Record<string, number> = {}) =>
    ok(ctx.h, account, getAlarmKpi, { query: { start: R, end: NOW, ...query } }) as Promise<AlarmKpi>;

  it('computes every figure of the seeded history as worked out by hand', async () => {
    const k = await kpi(ctx.main);
    expect(k.total).toBe(15);
    expect(k.per_hour).toBeCloseTo(15 / 48);
    expect(k.per_day).toBeCloseTo(7.5);
    expect(k.peak_hour).toBe(12);
    expect(k.flood).toEqual({ windows: 288, flooded: 1, share: 1 / 288 });
    expect(k.hourly).toHaveLength(48);
    expect(k.hourly.slice(0, 6)).toEqual([
      { at: R, n: 0 },
      { at: B0, n: 12 },
      { at: B0 + 3600, n: 1 },
      { at: B0 + 7200, n: 1 },
      { at: B0 + 10_800, n: 1 },
      { at: B0 + 14_400, n: 0 },
    ]);
    // Days in UTC: 27 Feb (from midnight, before R), 28 Feb, 1 Mar.
    expect(k.daily).toEqual([
      { at: R - 8 * 3600, n: 15 },
      { at: R + 16 * 3600, n: 0 },
      { at: R + 40 * 3600, n: 0 },
    ]);
    expect(k.bad_actors).toEqual([
      {
        rule_id: reg.alarmRuleId,
        rule_name: 'Rkpi',
        device_id: reg.deviceId,
        device_name: 'Dkpi',
        level: 1,
        count: 10,
      },
      { rule_id: cold, rule_name: 'cold', device_id: reg.deviceId, device_name: 'Dkpi', level: 8, count: 3 },
      {
        rule_id: cold,
        rule_name: '=HYPERLINK("x")',
        device_id: deviceB,
        device_name: 'Bkpi',
        level: 8,
        count: 2,
      },
    ]);
    // The marked records only: the 5th to 10th raise of the burst.
    expect(k.chattering).toEqual({
      records: 6,
      pairs: 1,
      top: [{ ...k.bad_actors[0], count: 6 }],
    });
    expect(k.stale.records).toBe(2);
    expect(k.stale.active).toEqual([
      {
        id: expect.any(Number),
        rule_name: 'cold',
        device_id: reg.deviceId,
        device_name: 'Dkpi',
        level: 8,
        alarm_at: B0 + 10_800,
      },
    ]);
    expect(k.acknowledge).toEqual({ count: 12, avg_s: 510 / 12 });
    expect(k.recover.count).toBe(14);
    expect(k.recover.avg_s).toBeCloseTo(91_500 / 14);
    expect(k.by_template).toEqual([
      {
        id: reg.templateId,
        name: 'Tkpi',
        count: 15,
        ack_avg_s: 42.5,
        recover_avg_s: expect.closeTo(91_500 / 14),
      },
    ]);
    expect(k.by_group).toEqual([
      {
        id: reg.childGroupId,
        name: 'Gkpichild',
        count: 13,
        ack_avg_s: 42.5,
        recover_avg_s: expect.closeTo(1400 / 12),
      },
      { id: null, name: '', count: 2, ack_avg_s: null, recover_avg_s: 45_050 },
    ]);
  });

  it('counts days in the chosen time zone', async () => {
    const k = await kpi(ctx.main, { timezone: -10 });
    // Local days from 26 Feb 00:00 (10:00 UTC): the burst and B's two at 23:00 local, A's hourly after midnight.
    expect(k.daily).toEqual([
      { at: R - 22 * 3600, n: 12 },
      { at: R + 2 * 3600, n: 3 },
      { at: R + 26 * 3600, n: 0 },
    ]);
  });

  it('narrows to a group with its sub-groups, a template, and a sub-account to its groups', async () => {
    expect((await kpi(ctx.main, { group_id: reg.groupId })).total).toBe(13);
    expect((await kpi(ctx.main, { template_id: reg.templateId })).total).toBe(15);
    const viewer = await createSubAccount(ctx.h, ctx.main.teamId, [2], { group: [reg.groupId] });
    const k = await kpi(viewer);
    expect(k.total).toBe(13);
    expect(k.bad_actors.map((p) => p.device_id)).not.toContain(deviceB);
    const blind = await createSubAccount(ctx.h, ctx.main.teamId, [2]);
    expect((await kpi(blind)).total).toBe(0);
  });

  it('refuses without the alarm view, objects of another team or scope, and bad ranges', async () => {
    const code = async (account: TestAccount, query: Record<string, number>) =>
      (await api(ctx.h.app, getAlarmKpi, { token: account.token, query: { start: R, end: NOW, ...query } }))
        .body.code;
    const noView = await createSubAccount(ctx.h, ctx.main.teamId, [1]);
    expect(await code(noView, {})).toBe(ErrorCode.AUTHORIZATION);
    expect(await code(other, { group_id: reg.groupId })).toBe(ErrorCode.NO_DATA);
    expect(await code(other, { template_id: reg.templateId })).toBe(ErrorCode.NO_DATA);
    const viewer = await createSubAccount(ctx.h, ctx.main.teamId, [2], { group: [reg.childGroupId] });
    expect(await code(viewer, { group_id: reg.groupId })).toBe(ErrorCode.NO_DATA);
    expect(await code(ctx.main, { end: R })).toBe(ErrorCode.INPUT_PARAMETER);
    expect(await code(ctx.main, { start: NOW - 368 * 86_400 })).toBe(ErrorCode.INPUT_PARAMETER);
    expect(await code(ctx.main, { timezone: 15 })).toBe(ErrorCode.INPUT_PARAMETER);
  });

  it('exports the figures as xlsx with names formula-escaped', async () => {
    const r = await ok(ctx.h, ctx.main, exportAlarmKpi, { query: { start: R, end: NOW, locale: 'en-US' } });
    expect(r.filename).toBe('alarm_performance_20260227_20260301.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.content_base64, 'base64') as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Alarms per day',
      'Bad actors',
      'Chattering',
      'Stale',
      'By template',
      'By group',
    ]);
    const summary = wb.getWorksheet('Summary');
    expect(summary?.getRow(3).values).toEqual([undefined, 'Alarms', 15]);
    const actors = wb.getWorksheet('Bad actors');
    expect(actors?.getRow(4).values).toEqual([undefined, '\'=HYPERLINK("x")', 'Bkpi', 'Severe', 2]);
    expect(wb.getWorksheet('By group')?.getRow(3).getCell(1).value).toBe('No group');
  });
});
