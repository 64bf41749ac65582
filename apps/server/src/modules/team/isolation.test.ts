import { allPermissionIds, errorCatalogue, type CallDef } from '@hmi/contract';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMainAccount,
  createSubAccount,
  grant,
  newHardware,
  type TestAccount,
} from '../../test/accounts';
import { databases } from '../../test/databases';
import { call, startHarness, type Harness } from '../../test/harness';
import { seedRegistry, type RegistryObjects } from '../../test/registry';
import { bodyFor, notVisibleCode, urlOf, validQueries } from '../../test/route-table';
import { seedTeamObjects, type TeamObjects } from '../../test/team';

type Objects = RegistryObjects & TeamObjects;

/** Team B's object each `:id` path addresses, by its prefix. A new family of paths needs its line. */
function theirIdFor(path: string, o: Objects, memberId: number): number {
  const table: [string, number][] = [
    ['/groups/', o.groupId],
    ['/devices/', o.deviceId],
    ['/labels/', o.labelId],
    ['/templates/', o.templateId],
    ['/alarm-rules/', o.alarmRuleId],
    ['/alarm-groups/', o.alarmGroupId],
    ['/projects/', o.projectId],
    ['/team/members/', memberId],
    ['/roles/', o.roleId],
    ['/zones/', o.zoneId],
    ['/team/invitations/', o.invitationId],
  ];
  const found = table.find(([p]) => path.startsWith(p));
  if (!found) throw new Error(`no object of team B for ${path}: add its prefix to theirIdFor`);
  return found[1];
}

/** Body and query fields that name objects by id (`x_id`, `x_ids`, `id`, `ids`). */
function idFields(def: CallDef): string[] {
  const fields = (s: z.ZodType | undefined, prefix: string) =>
    s
      ? Object.keys(
          (z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }) as { properties?: object })
            .properties ?? {},
        ).map((k) => `${prefix}${k}`)
      : [];
  return [...fields(def.body, ''), ...fields(def.query, '?')].filter((k) => /(^|[_?])ids?$/.test(k));
}

interface Reference {
  /** The fields of the call this case points at team B's objects. */
  fields: string[];
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: unknown;
  /** The code and data answered: a refusal, or a list or count holding nothing of team B. */
  answer: { code: number; data: unknown };
}

const refused = (code: number) => ({ code, data: null });
/** An alarm rule body valid but for the ids a case sets. */
const alarmRule = { name: 'Rnew', level: 1, type: 'limit', condition: 2, alarm_value: '1' };
const nothingListed = { code: 0, data: { list: [], total: 0 } };

describe.each(databases)("no route shows or touches another team's data on $name", (database) => {
  let h: Harness;
  let mine: TestAccount;
  let sub: TestAccount;
  let ours: Objects;
  let them: TestAccount;
  let theirSub: TestAccount;
  let theirs: Objects;
  let theirMessages: number[];
  let theirAlarmId: number;
  let markers: string[];

  beforeAll(async () => {
    h = await startHarness(database);
    mine = await createMainAccount(h, 5);
    const own = await seedRegistry(h, mine, 'ours');
    ours = { ...own, ...(await seedTeamObjects(h, mine, 'ours', own.deviceId)) };
    // A sub-account holding every permission and every grant of its team.
    sub = await createSubAccount(h, mine.teamId, allPermissionIds);
    await grant(h, sub.userId, 'group', [own.groupId]);
    await grant(h, sub.userId, 'template', [own.templateId]);
    await grant(h, sub.userId, 'project', [own.projectId]);

    them = await createMainAccount(h, 5);
    const reg = await seedRegistry(h, them, 'Secret');
    theirs = { ...reg, ...(await seedTeamObjects(h, them, 'Secret', reg.deviceId)) };
    theirSub = await createSubAccount(h, them.teamId, [2]);
    const now = Math.floor(h.clock.now() / 1000);
    const rows = await h.app.database.db
      .insertInto('messages')
      .values([
        {
          team_id: them.teamId,
          user_id: null,
          kind: 'notice',
          title: 'Secret notice',
          content: '',
          is_read: 0,
          created_at: now,
        },
        {
          team_id: them.teamId,
          user_id: them.userId,
          kind: 'billing',
          type: 1,
          title: 'Secret billing',
          content: '',
          is_read: 0,
          created_at: now,
        },
      ])
      .returning('id')
      .execute();
    theirMessages = rows.map((r) => r.id);
    const alarm = await h.app.database.db
      .insertInto('alarm_records')
      .values({
        team_id: them.teamId,
        device_id: reg.deviceId,
        template_id: reg.templateId,
        rule_id: reg.alarmRuleId,
        rule_name: 'Secret rule',
        level: 16,
        type: 'limit',
        condition: 2,
        tag_name: 'Secret tag',
        value: '99',
        recovery_value: null,
        content: 'Secret alarm',
        state: 1,
        alarm_at: now,
        raised_at: now,
        response_at: null,
        recovery_at: null,
        responder_id: null,
        responder_name: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    theirAlarmId = alarm.id;
    markers = ['Secret', reg.deviceSn, them.username, theirSub.username, theirs.invitee.username];
  });
  afterAll(async () => {
    await h?.close();
  });

  const leaks = (body: unknown) => markers.filter((m) => JSON.stringify(body).includes(m));
  const sessionCalls = () => (h.app.callTable as CallDef[]).filter((c) => c.auth === 'session');

  /** Every row of both teams, to prove that refused calls changed nothing. */
  async function snapshot(): Promise<string> {
    const { db } = h.app.database;
    const teams = [mine.teamId, them.teamId];
    const byTeam = [
      'device_groups',
      'devices',
      'labels',
      'templates',
      'projects',
      'roles',
      'zones',
      'invitations',
      'messages',
      'alarm_groups',
      'alarm_rules',
      'alarm_records',
    ] as const;
    const out: Record<string, unknown> = {};
    for (const table of byTeam)
      out[table] = await db
        .selectFrom(table)
        .selectAll()
        .where('team_id', 'in', teams)
        .orderBy('id')
        .execute();
    out.users = await db
      .selectFrom('users')
      .select(['id', 'team_id', 'is_main', 'role_id', 'removed_at'])
      .where('team_id', 'in', teams)
      .orderBy('id')
      .execute();
    out.grants = await db
      .selectFrom('data_permissions')
      .selectAll()
      .orderBy('user_id')
      .orderBy('kind')
      .orderBy('object_id')
      .execute();
    out.zones = await Promise.all([
      db.selectFrom('zone_devices').selectAll().execute(),
      db.selectFrom('zone_groups').selectAll().execute(),
      db.selectFrom('role_zones').selectAll().execute(),
      db.selectFrom('project_devices').selectAll().execute(),
      db.selectFrom('device_labels').selectAll().execute(),
    ]);
    return JSON.stringify(out);
  }

  it('every list of the route table answers, with nothing of the other team, as main and as sub-account', async () => {
    const lists = sessionCalls().filter((c) => c.method === 'GET' && !c.path.includes(':'));
    expect(lists.length).toBeGreaterThanOrEqual(16);
    // Control: the markers are found where they belong.
    for (const url of ['/v1/devices', '/v1/roles', '/v1/zones', '/v1/team/members', '/v1/team/invitations'])
      expect(leaks((await call(h.app, 'GET', url, { token: them.token })).body), url).not.toEqual([]);
    for (const viewer of [sub, mine])
      for (const def of lists) {
        const url = `/v1${def.path}${validQueries[def.id] ?? ''}`;
        const r = await call(h.app, 'GET', url, { token: viewer.token });
        expect(r.body.code, `${def.id} ${url}`).toBe(0);
        expect(leaks(r.body), `${def.id} ${url}`).toEqual([]);
      }
  });

  it("every call of the route table addressing another team's object by id is refused and changes nothing", async () => {
    const byId = sessionCalls().filter((c) => c.path.includes(':id'));
    expect(byId.length).toBeGreaterThanOrEqual(30);
    const before = await snapshot();
    const expected: Record<string, unknown> = {};
    const answered: Record<string, unknown> = {};
    for (const [who, viewer] of [
      ['sub', sub],
      ['main', mine],
    ] as const)
      for (const def of byId) {
        const url = urlOf(def, theirIdFor(def.path, theirs, theirSub.userId));
        const body = bodyFor(def);
        const r = await call(h.app, def.method, url, {
          token: viewer.token,
          ...(body !== undefined ? { body } : {}),
        });
        const what = `${who} ${def.method} ${url} (${def.id})`;
        const code = notVisibleCode(def);
        expected[what] = { code, data: null, msg: errorCatalogue[code].message };
        answered[what] = r.body;
      }
    expect(answered).toEqual(expected);
    expect(await snapshot()).toBe(before);
  });

  /** One case per id field of each call taking ids in its body or query filter. */
  async function references(): Promise<Record<string, Reference[]>> {
    const fresh = await createMainAccount(h);
    const hw = await newHardware(h, 'X10');
    const bind = { sn: hw.sn, pin: hw.pin, name: 'Dnew' };
    return {
      setMessagesRead: [
        {
          fields: ['ids'],
          method: 'POST',
          url: '/v1/msg/setread',
          body: { ids: theirMessages },
          answer: { code: 0, data: { updated: 0 } },
        },
      ],
      createGroup: [
        {
          fields: ['parent_id'],
          method: 'POST',
          url: '/v1/groups',
          body: { name: 'Gnew', parent_id: theirs.groupId },
          answer: refused(1027),
        },
      ],
      updateGroup: [
        {
          fields: ['parent_id'],
          method: 'PUT',
          url: `/v1/groups/${ours.childGroupId}`,
          body: { parent_id: theirs.groupId },
          answer: refused(1027),
        },
      ],
      listDevices: [
        {
          fields: ['?group_id'],
          method: 'GET',
          url: `/v1/devices?group_id=${theirs.groupId}`,
          answer: nothingListed,
        },
        {
          fields: ['?label_id'],
          method: 'GET',
          url: `/v1/devices?label_id=${theirs.labelId}`,
          answer: nothingListed,
        },
      ],
      bindDevice: [
        {
          fields: ['group_id'],
          method: 'POST',
          url: '/v1/devices',
          body: { ...bind, group_id: theirs.groupId },
          answer: refused(1027),
        },
        {
          fields: ['template_id'],
          method: 'POST',
          url: '/v1/devices',
          body: { ...bind, template_id: theirs.templateId },
          answer: refused(1029),
        },
        {
          fields: ['label_ids'],
          method: 'POST',
          url: '/v1/devices',
          body: { ...bind, label_ids: [theirs.labelId] },
          answer: { code: 1006, data: { field: 'label_ids', issue: 'unknownId' } },
        },
      ],
      updateDevice: [
        {
          fields: ['group_id'],
          method: 'PUT',
          url: `/v1/devices/${ours.deviceId}`,
          body: { group_id: theirs.groupId },
          answer: refused(1027),
        },
        {
          fields: ['template_id'],
          method: 'PUT',
          url: `/v1/devices/${ours.deviceId}`,
          body: { template_id: theirs.templateId },
          answer: refused(1029),
        },
        {
          fields: ['label_ids'],
          method: 'PUT',
          url: `/v1/devices/${ours.deviceId}`,
          body: { label_ids: [theirs.labelId] },
          answer: { code: 1006, data: { field: 'label_ids', issue: 'unknownId' } },
        },
      ],
      createProject: [
        {
          fields: ['device_ids'],
          method: 'POST',
          url: '/v1/projects',
          body: { name: 'Pnew', device_ids: [theirs.deviceId] },
          answer: refused(1003),
        },
      ],
      updateProject: [
        {
          fields: ['device_ids'],
          method: 'PUT',
          url: `/v1/projects/${ours.projectId}`,
          body: { device_ids: [theirs.deviceId] },
          answer: refused(1003),
        },
      ],
      putDataPermissions: [
        {
          fields: ['group_ids'],
          method: 'PUT',
          url: `/v1/team/members/${sub.userId}/data-permissions`,
          body: { group_ids: [theirs.groupId] },
          answer: refused(1027),
        },
        {
          fields: ['template_ids'],
          method: 'PUT',
          url: `/v1/team/members/${sub.userId}/data-permissions`,
          body: { template_ids: [theirs.templateId] },
          answer: refused(1029),
        },
        {
          fields: ['project_ids'],
          method: 'PUT',
          url: `/v1/team/members/${sub.userId}/data-permissions`,
          body: { project_ids: [theirs.projectId] },
          answer: refused(1003),
        },
      ],
      listMembers: [
        {
          fields: ['?role_id'],
          method: 'GET',
          url: `/v1/team/members?role_id=${theirs.roleId}`,
          answer: nothingListed,
        },
      ],
      changeMemberRole: [
        {
          fields: ['role_id'],
          method: 'PUT',
          url: `/v1/team/members/${sub.userId}`,
          body: { role_id: theirs.roleId },
          answer: refused(1003),
        },
      ],
      createInvitation: [
        {
          fields: ['role_id'],
          method: 'POST',
          url: '/v1/team/invitations',
          body: { account: fresh.username, role_id: theirs.roleId },
          answer: refused(1003),
        },
      ],
      transferMain: [
        {
          fields: ['member_id'],
          method: 'POST',
          url: '/v1/team/transfer',
          body: { member_id: theirSub.userId },
          answer: refused(1071),
        },
      ],
      checkInvitation: [
        {
          fields: ['id'],
          method: 'POST',
          url: '/v1/team/invitation/confirm/check',
          body: { id: theirs.invitationId },
          answer: refused(1003),
        },
      ],
      confirmInvitation: [
        {
          fields: ['id'],
          method: 'POST',
          url: '/v1/team/invitation/confirm',
          body: { id: theirs.invitationId, accept: true },
          answer: refused(1003),
        },
      ],
      createRole: [
        {
          fields: ['zone_ids'],
          method: 'POST',
          url: '/v1/roles',
          body: { name: 'Rnew', permissions: [2], zone_ids: [theirs.zoneId] },
          answer: refused(1003),
        },
      ],
      updateRole: [
        {
          fields: ['zone_ids'],
          method: 'PUT',
          url: `/v1/roles/${ours.roleId}`,
          body: { zone_ids: [theirs.zoneId] },
          answer: refused(1003),
        },
      ],
      createZone: [
        {
          fields: ['device_ids'],
          method: 'POST',
          url: '/v1/zones',
          body: { name: 'Znew', device_ids: [theirs.deviceId] },
          answer: refused(1003),
        },
        {
          fields: ['group_ids'],
          method: 'POST',
          url: '/v1/zones',
          body: { name: 'Znew', group_ids: [theirs.groupId] },
          answer: refused(1027),
        },
      ],
      listAlarmRules: [
        {
          fields: ['?group_id'],
          method: 'GET',
          url: `/v1/templates/${ours.templateId}/alarm-rules?group_id=${theirs.alarmGroupId}`,
          answer: nothingListed,
        },
      ],
      createAlarmRule: [
        {
          fields: ['group_id'],
          method: 'POST',
          url: `/v1/templates/${ours.templateId}/alarm-rules`,
          body: { ...alarmRule, tag_id: ours.tagId, group_id: theirs.alarmGroupId },
          answer: { code: 1006, data: { field: 'group_id', issue: 'alarmGroupNotFound' } },
        },
        {
          fields: ['tag_id'],
          method: 'POST',
          url: `/v1/templates/${ours.templateId}/alarm-rules`,
          body: { ...alarmRule, tag_id: theirs.tagId },
          answer: { code: 1006, data: { field: 'tag_id', issue: 'alarmTagNotFound' } },
        },
      ],
      updateAlarmRule: [
        {
          fields: ['group_id'],
          method: 'PUT',
          url: `/v1/alarm-rules/${ours.alarmRuleId}`,
          body: { ...alarmRule, tag_id: ours.tagId, group_id: theirs.alarmGroupId },
          answer: { code: 1006, data: { field: 'group_id', issue: 'alarmGroupNotFound' } },
        },
        {
          fields: ['tag_id'],
          method: 'PUT',
          url: `/v1/alarm-rules/${ours.alarmRuleId}`,
          body: { ...alarmRule, tag_id: theirs.tagId },
          answer: { code: 1006, data: { field: 'tag_id', issue: 'alarmTagNotFound' } },
        },
      ],
      setAlarmRulesEnabled: [
        {
          fields: ['ids'],
          method: 'POST',
          url: `/v1/templates/${ours.templateId}/alarm-rules/enabled`,
          body: { ids: [theirs.alarmRuleId], enabled: false },
          answer: refused(1003),
        },
      ],
      listAlarms: [
        {
          fields: ['?device_id'],
          method: 'GET',
          url: `/v1/alarms?device_id=${theirs.deviceId}`,
          answer: nothingListed,
        },
        {
          fields: ['?rule_id'],
          method: 'GET',
          url: `/v1/alarms?rule_id=${theirs.alarmRuleId}`,
          answer: nothingListed,
        },
      ],
      exportAlarms: [
        {
          fields: ['?device_id'],
          method: 'GET',
          url: `/v1/alarms/export?device_id=${theirs.deviceId}`,
          answer: { code: 0, data: expect.objectContaining({ total: 0 }) },
        },
        {
          fields: ['?rule_id'],
          method: 'GET',
          url: `/v1/alarms/export?rule_id=${theirs.alarmRuleId}`,
          answer: { code: 0, data: expect.objectContaining({ total: 0 }) },
        },
      ],
      acknowledgeAlarms: [
        {
          fields: ['ids'],
          method: 'POST',
          url: '/v1/alarm/template/web/AskAlarms',
          body: { ids: [theirAlarmId] },
          answer: refused(1003),
        },
      ],
      updateZone: [
        {
          fields: ['device_ids'],
          method: 'PUT',
          url: `/v1/zones/${ours.zoneId}`,
          body: { device_ids: [theirs.deviceId] },
          answer: refused(1003),
        },
        {
          fields: ['group_ids'],
          method: 'PUT',
          url: `/v1/zones/${ours.zoneId}`,
          body: { group_ids: [theirs.groupId] },
          answer: refused(1027),
        },
      ],
    };
  }

  it('every id field in a body or query filter of the route table has a case below', async () => {
    const refs = await references();
    for (const def of sessionCalls()) {
      const covered = (refs[def.id] ?? []).flatMap((r) => r.fields);
      for (const f of idFields(def))
        expect(covered, `${def.id} ${f}: add a case naming team B's object`).toContain(f);
    }
  });

  it("every id in a body or query filter is refused, or finds nothing, when it names another team's object", async () => {
    const refs = await references();
    const before = await snapshot();
    const expected: Record<string, unknown> = {};
    const answered: Record<string, unknown> = {};
    for (const [id, cases] of Object.entries(refs))
      for (const c of cases) {
        const r = await call<unknown>(h.app, c.method, c.url, {
          token: mine.token,
          ...(c.body !== undefined ? { body: c.body } : {}),
        });
        const what = `${id} ${c.fields.join(',')}`;
        expected[what] = c.answer;
        answered[what] = { code: r.body.code, data: r.body.data };
      }
    expect(answered).toEqual(expected);
    expect(await snapshot()).toBe(before);
    expect(await h.app.database.db.selectFrom('message_reads').selectAll().execute()).toEqual([]);
  });
});
