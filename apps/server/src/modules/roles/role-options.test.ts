import { createRole, listRoleOptions, listRoles, type PermissionId, type RoleOption } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok } from '../../test/registry';

describe.each(databases)('role options for the role pickers on $name', (database) => {
  let owner: TestAccount;
  let expected: RoleOption[];

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    const viewer = await ok(h, owner, createRole, {
      body: {
        name: 'Viewer',
        permissions: [2],
      },
    });
    const ops = await ok(h, owner, createRole, { body: { name: 'Ops', permissions: [2, 4] } });
    expected = [
      { id: viewer.id, name: 'Viewer' },
      { id: ops.id, name: 'Ops' },
    ];
    const other = await createMainAccount(h);
    await ok(h, other, createRole, { body: { name: 'Foreign', permissions: [2] } });
  });

  const options = (a: TestAccount) => api(h.app, listRoleOptions, { token: a.token });
  const subWith = async (ids: PermissionId[]) => {
    const sub = await createSubAccount(h, owner.teamId, ids);
    // createSubAccount's own role is one of the team's roles too.
    const role = await h.app.database.db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['roles.id', 'roles.name'])
      .where('users.id', '=', sub.userId)
      .executeTakeFirstOrThrow();
    expected.push({ id: role.id, name: role.name });
    return sub;
  };

  it('refuses a sub-account holding none of invite (25), change role (26) and role view (28)', async () => {
    const bare = await subWith([24, 27, 2]);
    const r = await options(bare);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 1002, data: null, msg: 'authorization error' });
  });

  it.each([[25], [26], [28]] as const)(
    'answers id and name of the team’s roles, oldest first, to a sub-account with %i',
    async (id) => {
      const sub = await subWith([24, id]);
      const r = await options(sub);
      expect(r.body.code).toBe(0);
      // Exactly id and name: nothing of the permissions or zones a role picker does not need.
      expect(r.body.data).toEqual(expected);
      if (id !== 28) expect((await api(h.app, listRoles, { token: sub.token })).body.code).toBe(1002);
    },
  );

  it('answers the main account, never with another team’s roles', async () => {
    const r = await options(owner);
    expect(r.body).toMatchObject({ code: 0, data: expected });
    expect(JSON.stringify(r.body.data)).not.toContain('Foreign');
  });
});
