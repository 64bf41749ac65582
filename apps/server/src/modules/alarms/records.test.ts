import {
  createGroup,
  bindDevice,
  listAlarms,
  acknowledgeAlarms,
  listAlarmMessages,
  exportAlarms,
  putAlarmSubscription,
  getAlarmSubscription,
  type CallDef,
} from '@hmi/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { boundDevice } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { recordSheetColumns } from './export';
import { alarmMessageRow } from './message-row';
import { addRule, T0 } from '../../test/alarms';

const S0 = T0 / 1000;

interface Seeded {
  templateId: number;
  ruleId: number;
  groupA: number;
  deviceA: number;
  deviceB: number;
  /** Records of device A (alarm at S0 + 0, 100, 200) and B (S0 + 50, 150). */
  a: number[];
  b: number[];
}

describe.each(databases)('alarm records, messages and subscription on $name', (database) => {
  let s: Seeded;
  /** Device view (2), granted group A only. */
  let viewer: TestAccount;
  /** Holds templates (8) but not device view. */
  let outsider: TestAccount;
  const ctx = withAccountSuite(new AccountSuite(), database, 50, async () => {
    const base = await boundDevice(ctx.h, ctx.main, `rec${database.name}`);
    const groupA = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'A' } })).id;
    const groupB = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'B' } })).id;
    const device = async (name: string, group_id: number) => {
      const hw = await newHardware(ctx.h);
      return (
        await ok(ctx.h, ctx.main, bindDevice, {
          body: {
            ...hw,
            name,
            group_id,
            template_id: base.templateId,
          },
        })
      ).id;
    };
    s = {
      templateId: base.templateId,
      ruleId: await addRule(ctx.h, ctx.main, base.templateId, {
        name: 'hot',
        tag_id: base.tagId('temp'),
        alarm_value: '80',
      }),
      groupA,
      deviceA: await device('alpha', groupA),
      deviceB: await device('beta', groupB),
      a: [],
      b: [],
    };
    s.a.push(await insertRecord(s.deviceA, { at: S0, level: 16, state: 1, rule: s.ruleId, name: 'hot' }));
    s.b.push(await insertRecord(s.deviceB, { at: S0 + 50, level: 8, state: 1 }));
    s.a.push(await insertRecord(s.deviceA, { at: S0 + 100, level: 4, state: 2, content: 'pressure drop' }));
    s.b.push(await insertRecord(s.deviceB, { at: S0 + 150, level: 2, state: 4 }));
    s.a.push(await insertRecord(s.deviceA, { at: S0 + 200, level: 1, state: 4, content: '=HYPERLINK("x")' }));
    viewer = await createSubAccount(ctx.h, ctx.main.teamId, [2], { group: [groupA] });
    outsider = await createSubAccount(ctx.h, ctx.main.teamId, [8]);
  });

  const insertRecord = async (
    deviceId: number,
    r: { at: number; level: number; state: number; rule?: number | null; name?: string; content?: string },
  ) => {
    const row = await ctx.h.app.database.db
      .insertInto('alarm_records')
      .values({
        team_id: ctx.main.teamId,
        device_id: deviceId,
        template_id: s.templateId,
        rule_id: r.rule ?? null,
        rule_name: r.name ?? 'rule',
        level: r.level,
        type: 'limit',
        condition: 2,
        tag_name: 'temp',
        value: '81',
        content: r.content ?? '',
        state: r.state,
        alarm_at: r.at,
        raised_at: r.at,
        response_at: r.state === 2 ? r.at + 5 : null,
        recovery_at: r.state === 4 ? r.at + 9 : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const ids = async (account: TestAccount, query: string) =>
    (await ok(ctx.h, account, listAlarms, { raw: { query } })).list.map((r) => r.id);

  it('filters by state, level, time range, device, rule and keyword, newest first with paging', async () => {
    const [a0, a1, a2] = s.a;
    const [b0, b1] = s.b;
    expect(await ids(ctx.main, '')).toEqual([a2, b1, a1, b0, a0]);
    expect(await ids(ctx.main, 'state=0')).toEqual([a2, b1, a1, b0, a0]);
    expect(await ids(ctx.main, 'state=1')).toEqual([b0, a0]);
    expect(await ids(ctx.main, 'state=2')).toEqual([a1]);
    expect(await ids(ctx.main, 'state=4')).toEqual([a2, b1]);
    expect(await ids(ctx.main, 'level=16')).toEqual([a0]);
    expect(await ids(ctx.main, `start=${S0 + 50}&end=${S0 + 150}`)).toEqual([b1, a1, b0]);
    expect(await ids(ctx.main, `device_id=${s.deviceB}`)).toEqual([b1, b0]);
    expect(await ids(ctx.main, `rule_id=${s.ruleId}`)).toEqual([a0]);
    expect(await ids(ctx.main, 'keyword=PRESSURE')).toEqual([a1]);
    expect(await ids(ctx.main, 'keyword=beta')).toEqual([b1, b0]);
    expect(await ids(ctx.main, 'keyword=%25')).toEqual([]);
    const page = await ok(ctx.h, ctx.main, listAlarms, { query: { page: 2, pageSize: 2 } });
    expect([page.total, page.list.map((r) => r.id)]).toEqual([5, [a1, b0]]);
    expect((await ok(ctx.h, ctx.main, listAlarms, { query: { state: 1 } })).list[1]).toMatchObject({
      device_name: 'alpha',
      urgency: 1,
      rule_id: s.ruleId,
    });
    for (const bad of ['state=3', 'level=3', 'start=-1', 'device_id=0'])
      expect(
        (await api(ctx.h.app, listAlarms, { raw: { query: bad }, token: ctx.main.token })).body.code,
        bad,
      ).toBe(1006);
  });

  it('shows a sub-account only the records of devices in its groups; acknowledging another one is 1003 and changes nothing', async () => {
    const a0 = s.a[0] as number;
    const b0 = s.b[0] as number;
    expect(await ids(viewer, '')).toEqual([...s.a].reverse());
    expect(await ids(viewer, `device_id=${s.deviceB}`)).toEqual([]);
    const refused = await api(ctx.h.app, acknowledgeAlarms, { token: viewer.token, body: { ids: [a0, b0] } });
    expect(refused.body.code).toBe(1003);
    const unknown = await api(ctx.h.app, acknowledgeAlarms, {
      token: viewer.token,
      body: { ids: [a0, 999_999] },
    });
    expect(unknown.body.code).toBe(1003);
    const stillUp = await ok(ctx.h, ctx.main, listAlarms, { query: { state: 1 } });
    expect(stillUp.list.map((r) => [r.id, r.response_at])).toEqual([
      [b0, null],
      [a0, null],
    ]);

    expect(await ok(ctx.h, viewer, acknowledgeAlarms, { body: { ids: [a0, a0, s.a[1] ?? 0] } })).toEqual({
      acknowledged: 1,
    });
    const acked = (await ok(ctx.h, viewer, listAlarms, { query: { level: 16 } })).list[0];
    expect(acked).toMatchObject({
      state: 2,
      responder_id: viewer.userId,
      responder_name: viewer.username.split('@')[0],
    });
    // Another team's main account sees none of it.
    const other = await createMainAccount(ctx.h, 1);
    expect(await ids(other, '')).toEqual([]);
    expect(
      (await api(ctx.h.app, acknowledgeAlarms, { token: other.token, body: { ids: [b0] } })).body.code,
    ).toBe(1003);
  });

  it('refuses every record call without device view, and every call without a session', async () => {
    // Calls of different shapes in one table: their bodies go as written.
    const calls: [def: CallDef, body?: unknown][] = [
      [listAlarms],
      [exportAlarms],
      [acknowledgeAlarms, { ids: [s.a[0]] }],
    ];
    for (const [def, body] of calls) {
      const r = await api(ctx.h.app, def, { token: outsider.token, raw: { body } });
      expect([def.path, r.status, r.body.code]).toEqual([def.path, 403, 1002]);
    }
    const everyCall: [def: CallDef, body?: unknown][] = [
      ...calls,
      [listAlarmMessages],
      [getAlarmSubscription],
      [putAlarmSubscription, { mail: true, min_level: 1, escalation: false, escalate_after_minutes: 0 }],
    ];
    for (const [def, body] of everyCall) {
      const r = await api(ctx.h.app, def, { raw: { body } });
      expect([def.path, r.body.code]).toEqual([def.path, 1008]);
    }
    // Messages and the subscription are anyone's own: no device view needed.
    expect((await ok(ctx.h, outsider, listAlarmMessages)).total).toBe(0);
    await ok(ctx.h, outsider, getAlarmSubscription);
  });

  it('lists alarm messages only of devices the reader may see, with urgency from the level', async () => {
    const [a0] = s.a;
    const [b0] = s.b;
    const now = S0 + 500;
    const facts = { device: 'x', rule: 'r', level: 16, tag: 'temp', value: '81', content: '' };
    await ctx.h.app.database.db
      .insertInto('messages')
      .values([
        alarmMessageRow(
          {
            userId: viewer.userId,
            teamId: ctx.main.teamId,
            recordId: a0 ?? 0,
            event: 'raised',
            now,
            locale: 'en-US',
          },
          facts,
        ),
        alarmMessageRow(
          {
            userId: viewer.userId,
            teamId: ctx.main.teamId,
            recordId: b0 ?? 0,
            event: 'raised',
            now,
            locale: 'en-US',
          },
          facts,
        ),
        alarmMessageRow(
          {
            userId: ctx.main.userId,
            teamId: ctx.main.teamId,
            recordId: b0 ?? 0,
            event: 'escalated',
            now,
            locale: 'en-US',
          },
          facts,
        ),
      ])
      .execute();
    const seen = await ok(ctx.h, viewer, listAlarmMessages);
    expect(seen.list.map((m) => [m.record_id, m.event, m.urgency, m.device_name])).toEqual([
      [a0, 'raised', 1, 'alpha'],
    ]);
    const mine = await ok(ctx.h, ctx.main, listAlarmMessages, { query: { urgency: 1 } });
    expect(mine.list.map((m) => [m.record_id, m.event, m.level, m.urgency])).toEqual([
      [b0, 'escalated', 8, 1],
    ]);
    expect((await ok(ctx.h, ctx.main, listAlarmMessages, { query: { urgency: 3 } })).total).toBe(0);
    expect(
      (await api(ctx.h.app, listAlarmMessages, { query: { urgency: 4 }, token: ctx.main.token })).body.code,
    ).toBe(1006);
  });

  it('exports to .xlsx with times in the caller’s time zone and formula-looking text neutralised', async () => {
    const r = await ok(ctx.h, ctx.main, exportAlarms, {
      query: { device_id: s.deviceA, timezone: 8, locale: 'en-US' },
    });
    expect(r.filename).toMatch(/^alarm_records_\d{12}\.xlsx$/);
    expect(r.total).toBe(3);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.content_base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const row = (n: number) => (ws?.getRow(n).values as unknown[]).slice(1);
    expect(row(1)).toEqual(recordSheetColumns('en-US'));
    expect(ws?.actualRowCount).toBe(4);
    // Newest first: alarm at 08:03:20 UTC is 16:03:20 at UTC+8, recovered 9 s later.
    expect(row(2)[0]).toBe('2026-03-01 16:03:20');
    expect(row(2)[4]).toBe('Minor');
    expect(row(2)[6]).toBe(81);
    expect(row(2)[7]).toBe('\'=HYPERLINK("x")');
    expect(row(2)[8]).toBe('Recovered');
    expect(row(2)[11]).toBe('2026-03-01 16:03:29');

    const west = await ok(ctx.h, ctx.main, exportAlarms, { query: { level: 16, timezone: -5.5 } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(Buffer.from(west.content_base64, 'base64') as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]?.getRow(2).getCell(1).value).toBe('2026-03-01 02:30:00');
    expect(wb2.worksheets[0]?.getRow(1).getCell(1).value).toBe('告警时间');
    for (const bad of ['timezone=15', 'timezone=-13', 'timezone=x', 'locale=fr'])
      expect(
        (await api(ctx.h.app, exportAlarms, { raw: { query: bad }, token: ctx.main.token })).body.code,
        bad,
      ).toBe(1006);
  });

  it('writes at most 10,000 rows, the newest, and reports how many matched', async () => {
    const rows = Array.from({ length: 10_005 }, (_, i) => ({
      team_id: ctx.main.teamId,
      device_id: s.deviceB,
      template_id: s.templateId,
      rule_id: null,
      rule_name: 'bulk',
      level: 1,
      type: 'limit',
      condition: 2,
      tag_name: 'temp',
      value: String(i),
      content: '',
      state: 4,
      alarm_at: S0 + 1000 + i,
      raised_at: S0 + 1000 + i,
      recovery_at: S0 + 1000 + i,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await ctx.h.app.database.db
        .insertInto('alarm_records')
        .values(rows.slice(i, i + 500))
        .execute();
    const r = await ok(ctx.h, ctx.main, exportAlarms, { query: { keyword: 'bulk' } });
    expect(r.total).toBe(10_005);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.content_base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.actualRowCount).toBe(10_001);
    expect(ws?.getRow(2).getCell(7).value).toBe(10_004);
    expect(ws?.getRow(10_001).getCell(7).value).toBe(5);
  });

  it('keeps each member’s own mail subscription, with defaults and checked values', async () => {
    expect(await ok(ctx.h, viewer, getAlarmSubscription)).toEqual({
      mail: false,
      sms: false,
      min_level: 1,
      escalation: false,
      escalate_after_minutes: 0,
      locale: 'zh-CN',
      time_zone: null,
    });
    const wanted = {
      mail: true,
      sms: true,
      min_level: 8,
      escalation: true,
      escalate_after_minutes: 15,
      locale: 'en-US' as const,
      time_zone: 'Europe/Berlin',
    };
    expect(await ok(ctx.h, viewer, putAlarmSubscription, { body: wanted })).toEqual(wanted);
    // Without a locale, a time zone or an SMS choice the stored ones stay.
    expect(
      await ok(ctx.h, viewer, putAlarmSubscription, {
        body: { ...wanted, locale: undefined, time_zone: undefined, sms: undefined, min_level: 4 },
      }),
    ).toEqual({ ...wanted, min_level: 4 });
    expect((await ok(ctx.h, ctx.main, getAlarmSubscription)).mail).toBe(false);
    for (const bad of [
      { ...wanted, min_level: 3 },
      { ...wanted, escalate_after_minutes: -1 },
      { ...wanted, escalate_after_minutes: 10_081 },
      { ...wanted, mail: 'yes' },
      { ...wanted, sms: 1 },
      { ...wanted, locale: 'fr-FR' },
      { ...wanted, time_zone: 'Europe/Atlantis' },
      { ...wanted, time_zone: 'x'.repeat(65) },
    ]) {
      const r = await api(ctx.h.app, putAlarmSubscription, { token: viewer.token, raw: { body: bad } });
      expect(r.body.code).toBe(1006);
    }
    expect((await ok(ctx.h, viewer, getAlarmSubscription)).min_level).toBe(4);
  });
});
