import { allPermissionIds, type CallDef } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { call, startHarness, type Harness } from '../../test/harness';
import { seedRegistry, type RegistryObjects } from '../../test/registry';
import { seedTeamObjects, type TeamObjects } from '../../test/team';

/** Another team's object for each `:id` path, by its prefix. */
function theirIdFor(path: string, o: RegistryObjects & TeamObjects, memberId: number): number {
  const table: [string, number][] = [
    ['/groups/', o.groupId],
    ['/devices/', o.deviceId],
    ['/labels/', o.labelId],
    ['/templates/', o.templateId],
    ['/projects/', o.projectId],
    ['/team/members/', memberId],
    ['/roles/', o.roleId],
    ['/zones/', o.zoneId],
    ['/team/invitations/', o.invitationId],
  ];
  return table.find(([p]) => path.startsWith(p))?.[1] ?? o.deviceId;
}

describe.each(databases)("no route shows another team's data on $name", (database) => {
  let h: Harness;
  let mine: TestAccount;
  let sub: TestAccount;
  let them: TestAccount;
  let theirSub: TestAccount;
  let theirs: RegistryObjects & TeamObjects;
  let markers: string[];

  beforeAll(async () => {
    h = await startHarness(database);
    mine = await createMainAccount(h, 5);
    const own = await seedRegistry(h, mine, 'ours');
    await seedTeamObjects(h, mine, 'ours', own.deviceId);
    // A sub-account holding every permission and every grant of its team.
    sub = await createSubAccount(h, mine.teamId, allPermissionIds);
    await grant(h, sub.userId, 'group', [own.groupId]);
    await grant(h, sub.userId, 'template', [own.templateId]);
    await grant(h, sub.userId, 'project', [own.projectId]);

    them = await createMainAccount(h, 5);
    const reg = await seedRegistry(h, them, 'Secret');
    theirs = { ...reg, ...(await seedTeamObjects(h, them, 'Secret', reg.deviceId)) };
    theirSub = await createSubAccount(h, them.teamId, [2]);
    await h.app.database.db
      .insertInto('messages')
      .values([
        {
          team_id: them.teamId,
          user_id: null,
          kind: 'notice',
          title: 'Secret notice',
          content: '',
          is_read: 0,
          created_at: Math.floor(h.clock.now() / 1000),
        },
        {
          team_id: them.teamId,
          user_id: them.userId,
          kind: 'billing',
          type: 1,
          title: 'Secret billing',
          content: '',
          is_read: 0,
          created_at: Math.floor(h.clock.now() / 1000),
        },
      ])
      .execute();
    markers = ['Secret', reg.deviceSn, them.username, theirSub.username, theirs.invitee.username];
  });
  afterAll(async () => {
    await h?.close();
  });

  const leaks = (body: unknown) => markers.filter((m) => JSON.stringify(body).includes(m));

  it('every GET route of the product, lists and details, as a fully granted sub-account and as main', async () => {
    const gets = (h.app.callTable as CallDef[]).filter((c) => c.auth === 'session' && c.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(20);
    // Control: the markers are found where they belong.
    for (const url of ['/v1/devices', '/v1/roles', '/v1/zones', '/v1/team/members', '/v1/team/invitations'])
      expect(leaks((await call(h.app, 'GET', url, { token: them.token })).body), url).not.toEqual([]);
    let lists = 0;
    let details = 0;
    for (const viewer of [sub, mine]) {
      for (const def of gets) {
        const hasId = def.path.includes(':');
        const url = `/v1${def.path.replace(/:(\w+)/g, (_m, name: string) =>
          name === 'id' ? String(theirIdFor(def.path, theirs, theirSub.userId)) : '1',
        )}`;
        const r = await call(h.app, 'GET', url, { token: viewer.token });
        expect(leaks(r.body), `${def.id} ${url}`).toEqual([]);
        if (hasId) {
          expect(r.body.code, `${def.id} of another team's object`).not.toBe(0);
          details += 1;
        } else {
          lists += 1;
        }
      }
    }
    expect(lists).toBeGreaterThanOrEqual(14);
    expect(details).toBeGreaterThanOrEqual(4);
  });

  it("invitee calls and message calls refuse another team's invitations and messages", async () => {
    for (const path of ['/v1/team/invitation/confirm/check', '/v1/team/invitation/confirm']) {
      const r = await call(h.app, 'POST', path, {
        token: sub.token,
        body: { id: theirs.invitationId, accept: true },
      });
      expect(r.body, path).toEqual({ code: 1003, data: null, msg: 'no data' });
    }
    const read = await call<{ updated: number }>(h.app, 'POST', '/v1/msg/setread', {
      token: mine.token,
      body: { all: true },
    });
    expect(read.body.code).toBe(0);
    const theirMessages = await h.app.database.db
      .selectFrom('messages')
      .select('is_read')
      .where('team_id', '=', them.teamId)
      .execute();
    expect(theirMessages.every((m) => m.is_read === 0)).toBe(true);
    const reads = await h.app.database.db.selectFrom('message_reads').selectAll().execute();
    expect(reads.every((x) => x.user_id === mine.userId)).toBe(true);
  });
});
