import {
  acknowledgeAlarms,
  allCalls,
  allPermissionIds,
  bindDevice,
  changeMemberRole,
  createRole,
  createZone,
  deleteRole,
  exportAudit,
  listAudit,
  login,
  logout,
  permissionTexts,
  putDataPermissions,
  unbindDevice,
  updateRole,
  writeTag,
  type AuditEntry,
} from '@hmi/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createMainAccount,
  createSubAccount,
  grant,
  newHardware,
  TEST_PASSWORD,
  type TestAccount,
} from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';
import { templateTagRow } from '../../test/template-tag-row';

const DAY = 86_400;

describe.each(databases)('audit log on $name', (database) => {
  let main: TestAccount;
  let other: TestAccount;
  let sub: TestAccount;
  let reg: RegistryObjects;
  const now = () => Math.floor(h.clock.now() / 1000);

  /** The caller's whole log, newest first. */
  const entries = async (account: TestAccount, query: Record<string, unknown> = {}) =>
    (await ok(h, account, listAudit, { query: { pageSize: 200, ...query } })).list;
  const ofAction = async (action: AuditEntry['action']) => entries(main, { action });

  const h = useHarness(database, { env: { AUDIT_RETENTION_DAYS: '30' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 5);
    other = await createMainAccount(h, 5);
    sub = await createSubAccount(h, main.teamId, allPermissionIds);
    reg = await seedRegistry(h, main, 'a');
    await grant(h, sub.userId, 'group', [reg.groupId]);
  });

  it('records sign-ins, failed sign-ins and sign-outs with the account and the address', async () => {
    const wrong = await api(h.app, login, {
      query: { type: '1' },
      body: { user: main.username, passwd: 'Wrong@2026x' },
      ip: '10.1.2.3',
    });
    expect(wrong.body.code).toBe(1004);
    const right = await api(h.app, login, {
      query: { type: '1' },
      body: { user: main.username, passwd: TEST_PASSWORD },
      ip: '10.1.2.4',
    });
    expect(right.body.code).toBe(0);
    await ok(h, { token: right.body.data.token }, logout, { ip: '10.1.2.5' });

    const mine = await entries(main, { user_id: main.userId });
    const failed = mine.find((e) => e.action === 'loginFailed');
    expect(failed).toMatchObject({ ip: '10.1.2.3', user_account: main.username, target: main.username });
    expect(mine.find((e) => e.action === 'login' && e.ip === '10.1.2.4')).toBeDefined();
    expect(mine.find((e) => e.action === 'logout')).toMatchObject({ ip: '10.1.2.5', user_id: main.userId });
    // Newest first: the sign-out came last.
    expect(mine[0]?.action).toBe('logout');
  });

  it('records a TAG write with the old and the new value', async () => {
    const { db } = h.app.database;
    const tag = await db
      .insertInto('template_tags')
      .values(
        templateTagRow({ template_id: reg.templateId, name: 'setpoint', data_type: 5, access: 2, sort: 1 }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('tag_latest')
      .values({ device_id: reg.deviceId, tag: 'setpoint', value: '12', ts: h.clock.now() })
      .execute();
    await ok(h, main, writeTag, {
      params: { id: reg.deviceId, tagId: tag.id },
      body: { value: 34 },
      ip: '10.9.9.9',
    });
    const [write] = await ofAction('tagWrite');
    expect(write).toMatchObject({
      user_id: main.userId,
      ip: '10.9.9.9',
      target: 'Da',
      detail: { tag: 'setpoint', old: '12', new: '34', status: 'failed' },
    });
  });

  it('records an alarm acknowledgement, once', async () => {
    const record = await h.app.database.db
      .insertInto('alarm_records')
      .values({
        team_id: main.teamId,
        device_id: reg.deviceId,
        template_id: reg.templateId,
        rule_id: reg.alarmRuleId,
        rule_name: 'Ra',
        level: 1,
        type: 'limit',
        condition: 2,
        tag_name: 'temp',
        value: '90',
        content: '',
        state: 1,
        alarm_at: now(),
        raised_at: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ok(h, sub, acknowledgeAlarms, { body: { ids: [record.id] } });
    // Acknowledged already: nothing changes, nothing is recorded.
    await ok(h, sub, acknowledgeAlarms, { body: { ids: [record.id] } });
    const acks = await ofAction('alarmAcknowledged');
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({
      user_id: sub.userId,
      target: 'Ra',
      detail: { device: 'Da', tag: 'temp', value: '90', record: String(record.id) },
    });
  });

  it('records device binds and unbinds, role, member, data permission and zone changes', async () => {
    const hw = await newHardware(h, 'X10');
    const device = await ok(h, main, bindDevice, { body: { sn: hw.sn, pin: hw.pin, name: 'Dtemp' } });
    await ok(h, main, unbindDevice, { params: { id: device.id } });
    expect(await ofAction('deviceBound')).toEqual([
      expect.objectContaining({ target: 'Dtemp', detail: { sn: hw.sn } }),
      expect.objectContaining({ target: 'Da' }),
    ]);
    expect((await ofAction('deviceUnbound'))[0]).toMatchObject({ target: 'Dtemp', detail: { sn: hw.sn } });

    const hall = await ok(h, main, createZone, { body: { name: 'Hall', device_ids: [reg.deviceId] } });
    const role = await ok(h, main, createRole, {
      body: { name: 'Ops', permissions: [2, 6], zone_ids: [hall.id] },
    });
    await ok(h, main, updateRole, { params: { id: role.id }, body: { name: 'Ops2', permissions: [2] } });
    await ok(h, main, changeMemberRole, { params: { id: sub.userId }, body: { role_id: role.id } });
    await ok(h, main, putDataPermissions, { params: { id: sub.userId }, body: { group_ids: [reg.groupId] } });
    const spare = await ok(h, main, createRole, { body: { name: 'Spare', permissions: [1] } });
    await ok(h, main, deleteRole, { params: { id: spare.id } });

    expect((await ofAction('roleAdded')).map((e) => e.target)).toEqual(['Spare', 'Ops']);
    // Zones by name, as people read them, not by id.
    expect((await ofAction('roleAdded'))[1]).toMatchObject({ detail: { permissions: '2,6', zones: 'Hall' } });
    expect((await ofAction('roleEdited'))[0]).toMatchObject({ target: 'Ops2', detail: { permissions: '2' } });
    expect((await ofAction('roleDeleted'))[0]).toMatchObject({ target: 'Spare' });
    expect((await ofAction('memberRole'))[0]).toMatchObject({
      target: sub.username,
      detail: { role: 'Ops2' },
    });
    expect((await ofAction('dataPermissions'))[0]).toMatchObject({
      target: sub.username,
      detail: { groups: 'Ga' },
    });
    expect((await ofAction('zoneAdded'))[0]).toMatchObject({ target: 'Hall' });
  });

  it('lists with filters and pages, newest first', async () => {
    const all = await ok(h, main, listAudit, { query: { pageSize: 200 } });
    const page = await ok(h, main, listAudit, { query: { page: 2, pageSize: 3 } });
    expect(page.total).toBe(all.total);
    expect(page.list.map((e) => e.id)).toEqual(all.list.slice(3, 6).map((e) => e.id));
    const ats = all.list.map((e) => e.at);
    expect([...ats].sort((a, b) => b - a)).toEqual(ats);

    const hall = await ok(h, main, listAudit, { query: { keyword: 'HALL' } });
    expect(hall.list.map((e) => e.action)).toEqual(['zoneAdded']);
    const byAddress = await ok(h, main, listAudit, { query: { keyword: '10.9.9' } });
    expect(byAddress.list.map((e) => e.action)).toEqual(['tagWrite']);
    const bySub = await entries(main, { user_id: sub.userId });
    expect(bySub.length).toBeGreaterThan(0);
    expect(bySub.every((e) => e.user_id === sub.userId)).toBe(true);
    expect((await entries(main, { start: now() + 1 })).length).toBe(0);
    expect((await entries(main, { end: now() })).length).toBe(all.total);

    const bad = await api(h.app, listAudit, { token: main.token, raw: { query: { action: 'nope' } } });
    expect(bad.body).toMatchObject({ code: 1006, data: { field: 'action' } });
  });

  it("keeps each team to its own log; only the main account reads it, a sub-account's every id is not enough", async () => {
    const theirs = await entries(other);
    expect(theirs.map((e) => e.action)).toEqual(['login']);
    expect(theirs[0]?.user_id).toBe(other.userId);
    const mine = await entries(main);
    expect(mine.some((e) => e.user_id === other.userId)).toBe(false);

    for (const def of [listAudit, exportAudit]) {
      const r = await api(h.app, def, { token: sub.token });
      expect(r.status, def.id).toBe(403);
      expect(r.body, def.id).toMatchObject({ code: 1002, data: null });
    }
    // Append-only: no call edits or deletes the log.
    expect(allCalls.filter((c) => c.path.startsWith('/audit') && c.method !== 'GET')).toEqual([]);
  });

  it('exports the filtered log as .xlsx, headings and actions in the locale', async () => {
    const r = await ok(h, main, exportAudit, { query: { action: 'tagWrite', locale: 'en-US', timezone: 8 } });
    expect(r.total).toBe(1);
    expect(r.filename).toMatch(/^audit_log_\d{12}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(r.content_base64, 'base64') as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).values).toEqual([
      undefined,
      'Time',
      'Account',
      'Name',
      'Address',
      'Action',
      'Object',
      'Details',
    ]);
    const row = ws?.getRow(2).values as unknown[];
    expect(row.slice(2)).toEqual([
      main.username,
      main.username.split('@')[0],
      '10.9.9.9',
      'TAG written',
      'Da',
      'setpoint: 12 → 34',
    ]);
    const zh = await ok(h, main, exportAudit, { query: { action: 'tagWrite', locale: 'zh-CN' } });
    const zwb = new ExcelJS.Workbook();
    await zwb.xlsx.load(Buffer.from(zh.content_base64, 'base64') as unknown as ArrayBuffer);
    expect(zwb.worksheets[0]?.getRow(2).getCell(5).value).toBe('写入TAG');
  });

  it('words the particulars in the export as the page does: names, not ids or codes', async () => {
    const hall = await ok(h, main, createZone, { body: { name: 'Presshall', device_ids: [reg.deviceId] } });
    await ok(h, main, createRole, { body: { name: 'PressOps', permissions: [2, 6], zone_ids: [hall.id] } });
    const sheet = async (locale: 'en-US' | 'zh-CN') => {
      const r = await ok(h, main, exportAudit, {
        query: { action: 'roleAdded', keyword: 'PressOps', locale },
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.from(r.content_base64, 'base64') as unknown as ArrayBuffer);
      return wb.worksheets[0]?.getRow(2).getCell(7).value;
    };
    expect(await sheet('en-US')).toBe(
      `Permissions: ${permissionTexts['en-US'][2]}, ${permissionTexts['en-US'][6]} · Zones: Presshall`,
    );
    expect(await sheet('zh-CN')).toBe(
      `权限：${permissionTexts['zh-CN'][2]}, ${permissionTexts['zh-CN'][6]} · 安全区域：Presshall`,
    );
  });

  it('deletes rows older than AUDIT_RETENTION_DAYS in housekeeping, keeps the newer ones', async () => {
    const { db } = h.app.database;
    const row = (at: number, target: string) => ({
      team_id: main.teamId,
      at,
      user_id: main.userId,
      user_name: '',
      user_account: '',
      ip: '',
      action: 'login',
      target,
      detail: '{}',
    });
    await db
      .insertInto('audit_log')
      .values([row(now() - 31 * DAY, 'old'), row(now() - 29 * DAY, 'recent')])
      .execute();
    expect(await h.app.audit.housekeeping()).toBe(1);
    const targets = (await entries(main, { action: 'login' })).map((e) => e.target);
    expect(targets).toContain('recent');
    expect(targets).not.toContain('old');
  });
});
