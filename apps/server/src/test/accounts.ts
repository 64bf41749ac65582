import { login as loginCall, type PermissionId } from '@hmi/contract';
import { hashPassword } from '../platform/auth/passwords';
import type { DataPermissionKind } from '../platform/db/schema';
import { registerHardware } from '../modules/devices/hardware';
import { api, type Harness } from './harness';
import { userRow } from './user-row';

/** Password of every account made here (hashed once per process). */
export const TEST_PASSWORD = 'Test@2026x';
let hash: Promise<string> | null = null;
const passwordHash = () => (hash ??= hashPassword(TEST_PASSWORD));

let counter = 0;

export interface TestAccount {
  userId: number;
  teamId: number;
  token: string;
  username: string;
}

async function insertUser(
  h: Harness,
  teamId: number,
  isMain: boolean,
  roleId: number | null,
  prefix: string,
): Promise<{ id: number; username: string }> {
  counter += 1;
  const username = `${prefix}${counter}.${Date.now()}@test.local`;
  const row = await h.app.database.db
    .insertInto('users')
    .values(
      userRow({
        username,
        passwordHash: await passwordHash(),
        name: username.split('@')[0] ?? username,
        teamId,
        isMain,
        roleId,
        createdAt: Math.floor(h.clock.now() / 1000),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, username };
}

async function login(h: Harness, username: string): Promise<string> {
  const r = await api(h.app, loginCall, {
    query: { type: '1' },
    body: { user: username, passwd: TEST_PASSWORD },
  });
  if (r.body.code !== 0) throw new Error(`login of ${username} failed: ${JSON.stringify(r.body)}`);
  return r.body.data.token;
}

/** A new team with its active main account, logged in. `templateMaxNum` defaults to 1 (the spec's). */
export async function createMainAccount(h: Harness, templateMaxNum = 1): Promise<TestAccount> {
  const { db } = h.app.database;
  const team = await db
    .insertInto('teams')
    .values({ name: `team${counter + 1}`, created_at: Math.floor(h.clock.now() / 1000) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await insertUser(h, team.id, true, null, 'main');
  await db.updateTable('users').set({ template_max_num: templateMaxNum }).where('id', '=', user.id).execute();
  return { userId: user.id, teamId: team.id, token: await login(h, user.username), username: user.username };
}

/** Data permissions by kind: the groups, templates or projects a sub-account sees. */
export type Grants = Partial<Record<DataPermissionKind, readonly number[]>>;

/** A sub-account of the team holding a role with `permissions` and seeing `grants`, logged in. */
export async function createSubAccount(
  h: Harness,
  teamId: number,
  permissions: readonly PermissionId[],
  grants: Grants = {},
): Promise<TestAccount> {
  counter += 1;
  const role = await h.app.database.db
    .insertInto('roles')
    .values({
      team_id: teamId,
      name: `role${counter}`,
      permissions: JSON.stringify(permissions),
      created_at: Math.floor(h.clock.now() / 1000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await insertUser(h, teamId, false, role.id, 'sub');
  for (const [kind, ids] of Object.entries(grants) as [DataPermissionKind, readonly number[]][])
    await grant(h, user.id, kind, ids);
  return { userId: user.id, teamId, token: await login(h, user.username), username: user.username };
}

/** Grants data permissions directly in the database. */
export async function grant(h: Harness, userId: number, kind: DataPermissionKind, ids: readonly number[]) {
  if (!ids.length) return;
  await h.app.database.db
    .insertInto('data_permissions')
    .values(ids.map((object_id) => ({ user_id: userId, kind, object_id })))
    .execute();
}

let snCounter = 0;

/** Registers hardware with a fresh SN; the PIN is `1234` unless given. */
export async function newHardware(
  h: Harness,
  model = 'X10',
  pin = '1234',
): Promise<{ sn: string; pin: string }> {
  snCounter += 1;
  const sn = `SN${Date.now().toString(36)}${snCounter}`.toUpperCase();
  await registerHardware(h.app.database.db, { sn, pin, model }, Math.floor(h.clock.now() / 1000));
  return { sn, pin };
}
