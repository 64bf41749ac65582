import {
  acknowledgeAlarms,
  allocateCard,
  allPermissionIds,
  MAIN_ACCOUNT,
  bindDevice,
  changeMemberRole,
  checkInvitation,
  confirmInvitation,
  createAlarmRule,
  createAllocation,
  createGroup,
  createInvitation,
  createProject,
  createRole,
  createZone,
  errorCatalogue,
  getScreen,
  importScreens,
  exportAlarms,
  exportAlarmKpi,
  getAlarmKpi,
  exportAudit,
  listAlarmRules,
  listAlarms,
  listAudit,
  listAllocations,
  listDevices,
  listInvitations,
  listMembers,
  listRoles,
  listZones,
  monthTraffic,
  putDataPermissions,
  setAlarmRulesEnabled,
  setMessagesRead,
  shelveAlarms,
  unshelveAlarms,
  transferMain,
  updateAlarmRule,
  updateDevice,
  updateGroup,
  updateProject,
  updateRole,
  updateZone,
  type CallDef,
} from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { activatedCard } from '../../test/billing';
import { databases } from '../../test/databases';
import { api, type ApiRest, type CallResult } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { seedRegistry, type RegistryObjects } from '../../test/registry';
import { bodyFor, notVisibleCode, paramsOf, validQueries } from '../../test/route-table';
import { seedTeamObjects, type TeamObjects } from '../../test/team';

type Objects = RegistryObjects & TeamObjects & { billingCardId: number; webhookId: number };

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
    ['/billing/cards/', o.billingCardId],
    ['/screens/', o.screenId],
    ['/webhooks/', o.webhookId],
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

interface Answer {
  code: number;
  data: unknown;
}

interface Reference {
  def: CallDef;
  /** The fields of the call this case points at team B's objects. */
  fields: string[];
  /** The code and data answered: a refusal, or a list or count holding nothing of team B. */
  answer: Answer;
  send(app: FastifyInstance, token: string): Promise<CallResult>;
}

/** A case of `def` whose typed parts point `fields` at team B's objects. */
function reference<C extends CallDef>(
  fields: string[],
  answer: Answer,
  def: C,
  ...[args]: ApiRest<C>
): Reference {
  return {
    def,
    fields,
    answer,
    send: (app, token) => api(app, def, ...([{ ...args, token }] as ApiRest<C>)),
  };
}

const refused = (code: number) => ({ code, data: null });
/** An alarm rule body valid but for the ids a case sets. */
const alarmRule = { name: 'Rnew', level: 1, type: 'limit', condition: 2, alarm_value: '1' } as const;
const alarmField = (field: string, issue: string) => ({ code: 1006, data: { field, issue } });
const unknownLabels = { code: 1006, data: { field: 'label_ids', issue: 'unknownId' } };
const nothingListed = { code: 0, data: { list: [], total: 0 } };
/** An SVG screen with one value widget, base64 for an import body. */
const svgScreen = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><text data-hmi-widget="value" data-hmi-tag="temp" x="0" y="20">0</text></svg>',
).toString('base64');
const nothingExported = { code: 0, data: expect.objectContaining({ total: 0 }) };

describe.each(databases)("no route shows or touches another team's data on $name", (database) => {
  let mine: TestAccount;
  let sub: TestAccount;
  let ours: Objects;
  let them: TestAccount;
  let theirSub: TestAccount;
  let theirs: Objects;
  let theirMessages: number[];
  let theirAlarmId: number;
  let markers: string[];

  /** A webhook of the account's team, written directly (its URL is never called here). */
  const webhookOf = async (account: TestAccount, marker: string) => {
    const row = await h.app.database.db
      .insertInto('webhooks')
      .values({
        team_id: account.teamId,
        name: `${marker} hook`,
        url: `https://hooks.example.com/${marker}`,
        secret: 'x'.repeat(32),
        min_level: 1,
        enabled: 1,
        created_at: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const h = useHarness(database);
  beforeAll(async () => {
    mine = await createMainAccount(h, 5);
    const own = await seedRegistry(h, mine, 'ours');
    ours = {
      ...own,
      ...(await seedTeamObjects(h, mine, 'ours', own.deviceId)),
      billingCardId: await activatedCard(h, mine, { type: 2 }),
      webhookId: await webhookOf(mine, 'ours'),
    };
    // A sub-account holding every permission and every grant of its team.
    sub = await createSubAccount(h, mine.teamId, allPermissionIds, {
      group: [own.groupId],
      template: [own.templateId],
      project: [own.projectId],
    });

    them = await createMainAccount(h, 5);
    const reg = await seedRegistry(h, them, 'Secret');
    theirs = {
      ...reg,
      ...(await seedTeamObjects(h, them, 'Secret', reg.deviceId)),
      billingCardId: await activatedCard(h, them, { type: 2 }),
      webhookId: await webhookOf(them, 'Secret'),
    };
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
      'webhooks',
      'alarm_groups',
      'alarm_rules',
      'alarm_records',
      'billing_cards',
      'billing_allocations',
      'screens',
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
    for (const def of [listDevices, listRoles, listZones, listMembers, listInvitations])
      expect(leaks((await api(h.app, def, { token: them.token })).body), def.path).not.toEqual([]);
    for (const viewer of [sub, mine])
      for (const def of lists) {
        const r = await api(h.app, def, { query: validQueries[def.id], token: viewer.token });
        // The audit log is the main account's alone (a sub-account's every id is not enough).
        const refused = viewer === sub && def.permission === MAIN_ACCOUNT;
        expect(r.body.code, `${def.id} ${def.path}`).toBe(refused ? 1002 : 0);
        expect(leaks(r.body), `${def.id} ${def.path}`).toEqual([]);
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
        const params = paramsOf(def, theirIdFor(def.path, theirs, theirSub.userId));
        const body = bodyFor(def);
        const r = await api(h.app, def, {
          params,
          query: validQueries[def.id],
          token: viewer.token,
          ...(body !== undefined ? { body } : {}),
        });
        const what = `${who} ${def.method} ${def.path} ${JSON.stringify(params)} (${def.id})`;
        // The main account's own calls (webhooks) refuse a sub-account before looking at the id.
        const code = viewer === sub && def.permission === MAIN_ACCOUNT ? 1002 : notVisibleCode(def);
        expected[what] = { code, data: null, msg: errorCatalogue[code].message };
        answered[what] = r.body;
      }
    expect(answered).toEqual(expected);
    expect(await snapshot()).toBe(before);
  });

  /** One case per id field of each call taking ids in its body or query filter. */
  async function references(): Promise<Reference[]> {
    const fresh = await createMainAccount(h);
    const hw = await newHardware(h, 'X10');
    const bind = { sn: hw.sn, pin: hw.pin, name: 'Dnew' };
    const ourRule = { id: ours.alarmRuleId };
    const ourTemplate = { id: ours.templateId };
    const ourZone = { id: ours.zoneId };
    const ourDevice = { id: ours.deviceId };
    const subMember = { id: sub.userId };
    return [
      reference(['ids'], { code: 0, data: { updated: 0 } }, setMessagesRead, {
        body: { ids: theirMessages },
      }),
      reference(['parent_id'], refused(1027), createGroup, {
        body: { name: 'Gnew', parent_id: theirs.groupId },
      }),
      reference(['parent_id'], refused(1027), updateGroup, {
        params: { id: ours.childGroupId },
        body: { parent_id: theirs.groupId },
      }),
      reference(['?group_id'], nothingListed, listDevices, { query: { group_id: theirs.groupId } }),
      reference(['?label_id'], nothingListed, listDevices, { query: { label_id: theirs.labelId } }),
      reference(['group_id'], refused(1027), bindDevice, { body: { ...bind, group_id: theirs.groupId } }),
      reference(['template_id'], refused(1029), bindDevice, {
        body: { ...bind, template_id: theirs.templateId },
      }),
      reference(['label_ids'], unknownLabels, bindDevice, { body: { ...bind, label_ids: [theirs.labelId] } }),
      reference(['group_id'], refused(1027), updateDevice, {
        params: ourDevice,
        body: { group_id: theirs.groupId },
      }),
      reference(['template_id'], refused(1029), updateDevice, {
        params: ourDevice,
        body: { template_id: theirs.templateId },
      }),
      reference(['label_ids'], unknownLabels, updateDevice, {
        params: ourDevice,
        body: { label_ids: [theirs.labelId] },
      }),
      reference(['device_ids'], refused(1003), createProject, {
        body: { name: 'Pnew', device_ids: [theirs.deviceId] },
      }),
      reference(['device_ids'], refused(1003), updateProject, {
        params: { id: ours.projectId },
        body: { device_ids: [theirs.deviceId] },
      }),
      reference(['group_ids'], refused(1027), putDataPermissions, {
        params: subMember,
        body: { group_ids: [theirs.groupId] },
      }),
      reference(['template_ids'], refused(1029), putDataPermissions, {
        params: subMember,
        body: { template_ids: [theirs.templateId] },
      }),
      reference(['project_ids'], refused(1003), putDataPermissions, {
        params: subMember,
        body: { project_ids: [theirs.projectId] },
      }),
      reference(['?role_id'], nothingListed, listMembers, { query: { role_id: theirs.roleId } }),
      reference(['role_id'], refused(1003), changeMemberRole, {
        params: subMember,
        body: { role_id: theirs.roleId },
      }),
      reference(['role_id'], refused(1003), createInvitation, {
        body: { account: fresh.username, role_id: theirs.roleId },
      }),
      reference(['member_id'], refused(1071), transferMain, { body: { member_id: theirSub.userId } }),
      reference(['id'], refused(1003), checkInvitation, { body: { id: theirs.invitationId } }),
      reference(['id'], refused(1003), confirmInvitation, {
        body: { id: theirs.invitationId, accept: true },
      }),
      reference(['zone_ids'], refused(1003), createRole, {
        body: { name: 'Rnew', permissions: [2], zone_ids: [theirs.zoneId] },
      }),
      reference(['zone_ids'], refused(1003), updateRole, {
        params: { id: ours.roleId },
        body: { zone_ids: [theirs.zoneId] },
      }),
      reference(['device_ids'], refused(1003), createZone, {
        body: { name: 'Znew', device_ids: [theirs.deviceId] },
      }),
      reference(['group_ids'], refused(1027), createZone, {
        body: { name: 'Znew', group_ids: [theirs.groupId] },
      }),
      reference(['?group_id'], nothingListed, listAlarmRules, {
        params: ourTemplate,
        query: { group_id: theirs.alarmGroupId },
      }),
      reference(['group_id'], alarmField('group_id', 'alarmGroupNotFound'), createAlarmRule, {
        params: ourTemplate,
        body: { ...alarmRule, tag_id: ours.tagId, group_id: theirs.alarmGroupId },
      }),
      reference(['tag_id'], alarmField('tag_id', 'alarmTagNotFound'), createAlarmRule, {
        params: ourTemplate,
        body: { ...alarmRule, tag_id: theirs.tagId },
      }),
      reference(['group_id'], alarmField('group_id', 'alarmGroupNotFound'), updateAlarmRule, {
        params: ourRule,
        body: { ...alarmRule, tag_id: ours.tagId, group_id: theirs.alarmGroupId },
      }),
      reference(['tag_id'], alarmField('tag_id', 'alarmTagNotFound'), updateAlarmRule, {
        params: ourRule,
        body: { ...alarmRule, tag_id: theirs.tagId },
      }),
      reference(['ids'], refused(1003), setAlarmRulesEnabled, {
        params: ourTemplate,
        body: { ids: [theirs.alarmRuleId], enabled: false },
      }),
      reference(['?device_id'], nothingListed, listAlarms, { query: { device_id: theirs.deviceId } }),
      reference(['?rule_id'], nothingListed, listAlarms, { query: { rule_id: theirs.alarmRuleId } }),
      reference(['?device_id'], nothingExported, exportAlarms, { query: { device_id: theirs.deviceId } }),
      reference(['?rule_id'], nothingExported, exportAlarms, { query: { rule_id: theirs.alarmRuleId } }),
      reference(['ids'], refused(1003), acknowledgeAlarms, { body: { ids: [theirAlarmId] } }),
      reference(['ids'], refused(1003), shelveAlarms, {
        body: { ids: [theirAlarmId], minutes: 60, reason: 'maintenance' },
      }),
      reference(['ids'], refused(1003), unshelveAlarms, { body: { ids: [theirAlarmId] } }),
      ...[getAlarmKpi, exportAlarmKpi].flatMap((def) => [
        reference(['?group_id'], refused(1003), def, {
          query: { start: 0, end: 86_400, group_id: theirs.groupId },
        }),
        reference(['?template_id'], refused(1003), def, {
          query: { start: 0, end: 86_400, template_id: theirs.templateId },
        }),
      ]),
      reference(['?user_id'], nothingListed, listAudit, { query: { user_id: them.userId } }),
      reference(['?user_id'], nothingExported, exportAudit, { query: { user_id: them.userId } }),
      reference(['device_id'], refused(1003), createAllocation, {
        body: { device_id: theirs.deviceId, tag_count: 1, frequency_min: 5 },
      }),
      reference(['?device_id'], nothingListed, listAllocations, { query: { device_id: theirs.deviceId } }),
      reference(['device_id'], refused(1003), allocateCard, {
        params: { id: ours.billingCardId },
        body: { device_id: theirs.deviceId },
      }),
      reference(['device_id'], refused(1003), monthTraffic, { body: { device_id: theirs.deviceId } }),
      reference(['device_ids'], refused(1003), updateZone, {
        params: ourZone,
        body: { device_ids: [theirs.deviceId] },
      }),
      reference(['group_ids'], refused(1027), updateZone, {
        params: ourZone,
        body: { group_ids: [theirs.groupId] },
      }),
      reference(['?device_id'], refused(1003), getScreen, {
        params: { id: ours.screenId },
        query: { device_id: theirs.deviceId },
      }),
      reference(['template_id'], refused(1003), importScreens, {
        body: { kind: 'svg', template_id: theirs.templateId, content_base64: svgScreen },
      }),
      reference(['project_id'], refused(1003), importScreens, {
        body: { kind: 'svg', project_id: theirs.projectId, content_base64: svgScreen },
      }),
    ];
  }

  it('every id field in a body or query filter of the route table has a case below', async () => {
    const refs = await references();
    for (const def of sessionCalls()) {
      const covered = refs.filter((r) => r.def.id === def.id).flatMap((r) => r.fields);
      for (const f of idFields(def))
        expect(covered, `${def.id} ${f}: add a case naming team B's object`).toContain(f);
    }
  });

  it("every id in a body or query filter is refused, or finds nothing, when it names another team's object", async () => {
    const refs = await references();
    const before = await snapshot();
    const expected: Record<string, unknown> = {};
    const answered: Record<string, unknown> = {};
    for (const c of refs) {
      const r = await c.send(h.app, mine.token);
      const what = `${c.def.id} ${c.fields.join(',')}`;
      expected[what] = c.answer;
      answered[what] = { code: r.body.code, data: r.body.data };
    }
    expect(answered).toEqual(expected);
    expect(await snapshot()).toBe(before);
    expect(await h.app.database.db.selectFrom('message_reads').selectAll().execute()).toEqual([]);
  });
});
