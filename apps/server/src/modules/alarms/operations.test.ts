import {
  acknowledgeAlarms,
  exportAlarms,
  getAlarmKpi,
  getDevice,
  getMessageCounts,
  listAlarmMessages,
  listAlarmRules,
  listAlarms,
  listAudit,
  listMessages,
  putTemplateAlarmSettings,
  setDeviceOutOfService,
  setRuleOutOfService,
  shelveAlarms,
  topics,
  unshelveAlarms,
} from '@hmi/contract';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { boundDevice, brokerUrl, connect, nextLive } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { addRule, HOT_RULE, publisher, recordsOf } from '../../test/alarms';

/**
 * Alarm operations (issue 26) over a real broker: offline alarms, stale values, chattering, shelving,
 * out of service and acknowledgement notes, with their refusals.
 */
describe.each(databases)('alarm operations on $name', (database) => {
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let client: MqttClient;
  let pub: ReturnType<typeof publisher>;
  let ruleId: number;
  let outsider: TestAccount;
  const ctx = withAccountSuite(new AccountSuite(), database, 50, async () => {
    device = await boundDevice(ctx.h, ctx.main, `ops${database.name}`);
    ruleId = await addRule(ctx.h, ctx.main, device.templateId, { ...HOT_RULE, tag_id: device.tagId('temp') });
    client = await connect(brokerUrl(ctx.h), { username: device.sn, password: device.secret });
    pub = publisher(ctx.h, client, device.sn, device.deviceId);
    // A member of the team who sees no device group.
    outsider = await createSubAccount(ctx.h, ctx.main.teamId, [2], { group: [] });
  });

  afterAll(async () => {
    await client?.endAsync();
  });

  const records = () => recordsOf(ctx.h, ctx.main, device.deviceId);
  const unread = async () => (await ok(ctx.h, ctx.main, getMessageCounts)).unread.alarm;
  const code = (r: { body: { code: number } }) => r.body.code;
  const audits = async (action: string) =>
    (await ok(ctx.h, ctx.main, listAudit, { query: { pageSize: 200 } })).list.filter(
      (e) => e.action === action,
    );
  /** The device's value goes up to 85 and down to 10 at `atS`, `atS + 1`. */
  const flap = async (atS: number) => {
    await pub.send('temp', 85, atS);
    await pub.send('temp', 10, atS + 1);
  };

  it('marks the alarm raised 5 times in 10 minutes chattering and tells of it once', async () => {
    const before = await unread();
    for (let i = 0; i < 6; i++) await flap(i * 60);
    const rs = (await records()).reverse();
    expect(rs.map((r) => r.chattering)).toEqual([false, false, false, false, true, true]);
    // Four raises and recoveries told, the fifth raise told (chattering), nothing of the rest.
    expect((await unread()) - before).toBe(9);
    const told = await ok(ctx.h, ctx.main, listAlarmMessages, { query: { pageSize: 50 } });
    expect(told.list.filter((m) => m.record_id === rs[5]?.id)).toEqual([]);
    expect(told.list.filter((m) => m.record_id === rs[4]?.id).map((m) => m.event)).toEqual(['raised']);
    // The performance page counts chattering as the engine marked it (one definition, not its own).
    const kpi = await ok(ctx.h, ctx.main, getAlarmKpi, {
      query: { start: rs[0]?.alarm_at ?? 0, end: (rs[5]?.alarm_at ?? 0) + 1 },
    });
    expect(kpi.total).toBe(6);
    expect(kpi.chattering).toMatchObject({ records: 2, pairs: 1 });
  });

  it('acknowledges in bulk with a note kept with its author on the records, in the export and the audit log', async () => {
    const [a, b] = await records();
    const body = { ids: [a?.id ?? 0, b?.id ?? 0], note: 'valve stuck, fitter called' };
    expect(code(await api(ctx.h.app, acknowledgeAlarms, { token: outsider.token, body }))).toBe(1003);
    expect((await records()).slice(0, 2).map((r) => r.note)).toEqual([null, null]);
    const tooLong = { ids: body.ids, note: 'x'.repeat(501) };
    expect(code(await api(ctx.h.app, acknowledgeAlarms, { token: ctx.main.token, body: tooLong }))).toBe(
      1006,
    );

    expect(await ok(ctx.h, ctx.main, acknowledgeAlarms, { body })).toEqual({ acknowledged: 2 });
    const name = ctx.main.username.split('@')[0];
    expect((await records()).slice(0, 2).map((r) => [r.note, r.note_by])).toEqual([
      [body.note, name],
      [body.note, name],
    ]);
    expect((await audits('alarmAcknowledged')).slice(0, 2).map((e) => e.detail.note)).toEqual([
      body.note,
      body.note,
    ]);
    const file = await ok(ctx.h, ctx.main, exportAlarms, {
      query: { device_id: device.deviceId, locale: 'en-US' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(file.content_base64, 'base64') as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const row = (sheet?.getRow(2).values as unknown[]).slice(1);
    expect(row[header.indexOf('Note')]).toBe(body.note);
    expect(row[header.indexOf('Note by')]).toBe(name);
  });

  it('shelves an active alarm with a reason: hidden from the active view, its next raise not told, audited, until unshelved', async () => {
    await pub.send('temp', 95, 1000);
    const [active] = await records();
    const id = active?.id ?? 0;
    const shelve = { ids: [id], minutes: 60, reason: 'sensor being replaced' };
    expect(code(await api(ctx.h.app, shelveAlarms, { token: outsider.token, body: shelve }))).toBe(1003);
    for (const bad of [
      { ...shelve, minutes: 0 },
      { ...shelve, minutes: 10_081 },
      { ...shelve, reason: ' ' },
    ])
      expect(code(await api(ctx.h.app, shelveAlarms, { token: ctx.main.token, body: bad }))).toBe(1006);
    expect((await records())[0]?.shelved_until).toBeNull();

    expect(await ok(ctx.h, ctx.main, shelveAlarms, { body: shelve })).toEqual({ shelved: 1 });
    const now = Math.floor(ctx.h.clock.now() / 1000);
    expect((await records())[0]).toMatchObject({ shelved_until: now + 3600, shelve_reason: shelve.reason });
    const activeIds = async () =>
      (
        await ok(ctx.h, ctx.main, listAlarms, {
          query: { device_id: device.deviceId, state: 1, shelved: '0' },
        })
      ).list.map((r) => r.id);
    expect(await activeIds()).not.toContain(id);
    const shelvedOnly = await ok(ctx.h, ctx.main, listAlarms, { query: { shelved: '1' } });
    expect(shelvedOnly.list.map((r) => r.id)).toEqual([id]);

    // Recovery and a new raise during the shelf: recorded, shelved too, nobody told.
    const before = await unread();
    await pub.send('temp', 10, 2000);
    await pub.send('temp', 96, 3000);
    const [again] = await records();
    expect(again).toMatchObject({ state: 1, shelved_until: now + 3600, shelve_reason: shelve.reason });
    expect(await unread()).toBe(before);
    expect(await activeIds()).not.toContain(again?.id);

    expect(await ok(ctx.h, ctx.main, unshelveAlarms, { body: { ids: [again?.id ?? 0] } })).toEqual({
      unshelved: 1,
    });
    expect(await activeIds()).toContain(again?.id);
    const [shelved] = await audits('alarmShelved');
    expect(shelved?.detail).toMatchObject({ reason: shelve.reason, minutes: '60', record: String(id) });
    expect((await audits('alarmUnshelved'))[0]?.detail.record).toBe(String(again?.id));
    await pub.send('temp', 10, 3100);
  });

  it('takes a rule and a device out of service until a time with a reason: active records end, no alarms meanwhile', async () => {
    const now = () => Math.floor(ctx.h.clock.now() / 1000);
    await pub.send('temp', 97, 4000);
    expect((await records())[0]?.state).toBe(1);
    const ruleCall = (body: { until: number | null; reason?: string }, token = ctx.main.token) =>
      api(ctx.h.app, setRuleOutOfService, { token, params: { id: ruleId }, body });
    expect(code(await ruleCall({ until: now() - 1, reason: 'maintenance' }))).toBe(1006);
    expect(code(await ruleCall({ until: now() + 400 * 86_400, reason: 'maintenance' }))).toBe(1006);
    expect(code(await ruleCall({ until: now() + 3600 }))).toBe(1006);
    expect((await records())[0]?.recovery_at).toBeNull();

    expect(code(await ruleCall({ until: now() + 3600, reason: 'maintenance' }))).toBe(0);
    // The rule list says until when and why (the drawer shows it).
    const listed = async () =>
      (await ok(ctx.h, ctx.main, listAlarmRules, { params: { id: device.templateId } })).list.find(
        (r) => r.id === ruleId,
      );
    expect(await listed()).toMatchObject({ oos_until: now() + 3600, oos_reason: 'maintenance' });
    await ctx.h.app.alarms.engine.idle();
    expect((await records())[0]).toMatchObject({ state: 4, recovery_reason: 'outOfService' });
    await pub.send('temp', 10, 4100);
    await pub.send('temp', 98, 4200);
    expect((await records())[0]?.recovery_reason).toBe('outOfService');
    expect(code(await ruleCall({ until: null }))).toBe(0);
    expect(await listed()).toMatchObject({ oos_until: null });
    await pub.send('temp', 10, 4300);
    await pub.send('temp', 99, 4400);
    const [raised] = await records();
    expect([raised?.state, raised?.value]).toEqual([1, '99']);

    const deviceCall = (body: { until: number | null; reason?: string }, token = ctx.main.token) =>
      api(ctx.h.app, setDeviceOutOfService, { token, params: { id: device.deviceId }, body });
    expect(code(await deviceCall({ until: now() + 60, reason: 'x' }, outsider.token))).toBe(1002);
    expect(code(await deviceCall({ until: now() + 600, reason: 'line stopped' }))).toBe(0);
    // So does the device (its detail page shows it).
    expect(await ok(ctx.h, ctx.main, getDevice, { params: { id: device.deviceId } })).toMatchObject({
      oos_until: now() + 600,
      oos_reason: 'line stopped',
    });
    await ctx.h.app.alarms.engine.idle();
    expect((await records())[0]).toMatchObject({ id: raised?.id, state: 4, recovery_reason: 'outOfService' });
    await pub.send('temp', 10, 4500);
    await pub.send('temp', 99, 4600);
    expect((await records())[0]?.id).toBe(raised?.id);
    const oos = await audits('alarmOutOfService');
    expect(oos.map((e) => e.detail.reason)).toEqual(['line stopped', '', 'maintenance']);
    // The period ends: alarms again.
    ctx.h.clock.advance(601);
    await pub.send('temp', 10, 4700);
    await pub.send('temp', 99, 4800);
    expect((await records())[0]).toMatchObject({ state: 1, value: '99' });
    await pub.send('temp', 10, 4900);
  });

  it("raises an offline alarm after the template's minutes offline, told, and recovers it when the device is back; stale values raise nothing", async () => {
    await ok(ctx.h, ctx.main, putTemplateAlarmSettings, {
      params: { id: device.templateId },
      body: { offline_alarm_minutes: 10, offline_alarm_level: 8 },
    });
    // The HMI says it is offline (its gateway still reports): values now are stale.
    const offline = nextLive(ctx.h, (e) => e.type === 'online' && e.device_id === device.deviceId);
    await client.publishAsync(topics.state(device.sn), JSON.stringify({ v: 1, online: false }), { qos: 1 });
    await offline;
    const count = (await records()).length;
    await pub.send('temp', 99, 5000);
    expect(await records()).toHaveLength(count);

    const before = await unread();
    ctx.h.clock.advance(9 * 60);
    await ctx.h.app.alarms.engine.checkOffline();
    expect(await records()).toHaveLength(count);
    ctx.h.clock.advance(61);
    await ctx.h.app.alarms.engine.checkOffline();
    await ctx.h.app.alarms.engine.checkOffline();
    // Newest first by alarm time: the offline one is stamped when the delay ran out, before the samples.
    const all = await records();
    const raised = all.find((r) => r.kind === 'offline');
    expect(all).toHaveLength(count + 1);
    expect(raised).toMatchObject({ kind: 'offline', level: 8, state: 1, rule_id: null, recovery_at: null });
    // Stamped when the 10 minutes ran out (a second before this check).
    expect(raised?.alarm_at).toBe(Math.floor(ctx.h.clock.now() / 1000) - 1);
    expect(await unread()).toBe(before + 1);

    const online = nextLive(ctx.h, (e) => e.type === 'online' && e.device_id === device.deviceId);
    await client.publishAsync(topics.state(device.sn), JSON.stringify({ v: 1, online: true }), { qos: 1 });
    await online;
    await ctx.h.app.alarms.engine.checkOffline();
    const back = (await records()).find((r) => r.kind === 'offline');
    expect(back).toMatchObject({
      id: raised?.id,
      state: 4,
      recovery_at: Math.floor(ctx.h.clock.now() / 1000),
    });
    expect(await unread()).toBe(before + 2);
    const told = await ok(ctx.h, ctx.main, listAlarmMessages, { query: { pageSize: 2 } });
    expect(told.list.map((m) => [m.event, m.record_id, m.kind])).toEqual([
      ['recovered', raised?.id, 'offline'],
      ['raised', raised?.id, 'offline'],
    ]);
    // The message centre's own rows read in the member's locale (no subscription: the default,
    // zh-CN), never the stored word `offline`.
    const centre = await ok(ctx.h, ctx.main, listMessages, { query: { kind: 'alarm', pageSize: 2 } });
    expect(centre.list.map((m) => [m.title, m.content])).toEqual([
      [`Dops${database.name}: 设备离线`, '设备离线时间超过模板设定。'],
      [`Dops${database.name}: 设备离线`, '设备离线时间超过模板设定。'],
    ]);
  });
});
