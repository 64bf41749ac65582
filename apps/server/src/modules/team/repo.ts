import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  Database,
  InvitationKind,
  InvitationRow,
  InvitationStatus,
  UserRow,
} from '../../platform/db/schema';
import { likePattern } from '../devices/repo';

type Q = Kysely<Database> | Transaction<Database>;

/** Voids every pending invitation whose time is up (run before any invitation is read or answered). */
export async function expireInvitations(q: Q, now: number): Promise<void> {
  await q
    .updateTable('invitations')
    .set((eb) => ({ status: 'voided', answered_at: eb.ref('expires_at') }))
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

export interface InvitationFilter {
  teamId?: number;
  inviteeId?: number;
  status?: InvitationStatus | undefined;
}

/** SQL of team membership and invitations. */
export class TeamRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // members

  async listMembers(
    teamId: number,
    f: { keyword?: string | undefined; roleId?: number | undefined },
    offset: number,
    limit: number,
  ) {
    let q = this.db
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .where('users.team_id', '=', teamId)
      .where('users.removed_at', 'is', null);
    if (f.roleId !== undefined) q = q.where('users.role_id', '=', f.roleId);
    if (f.keyword) {
      const p = likePattern(f.keyword);
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(users.username)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(users.name)`, 'like', sql`${p} escape '\\'`),
          eb(sql`lower(users.alias_name)`, 'like', sql`${p} escape '\\'`),
        ]),
      );
    }
    const [rows, total] = await Promise.all([
      q
        .selectAll('users')
        .select('roles.name as role_name')
        .orderBy('users.is_main', 'desc')
        .orderBy('users.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** A not-removed member of the team. */
  findMember(teamId: number, id: number, q: Q = this.db): Promise<UserRow | undefined> {
    return q
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  findUser(id: number, q: Q = this.db): Promise<UserRow | undefined> {
    return q
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  /** An active account by phone or mail (case-insensitive). */
  findActiveByAccount(account: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', account.trim().toLowerCase())
      .where('removed_at', 'is', null)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  async teamSize(teamId: number, q: Q = this.db): Promise<number> {
    const r = await q
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Devices and templates a team still owns (billing cards do not exist yet). */
  async resources(teamId: number, q: Q = this.db): Promise<{ devices: number; templates: number }> {
    const count = async (table: 'devices' | 'templates') => {
      const r = await q
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', teamId)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    return { devices: await count('devices'), templates: await count('templates') };
  }

  async updateMember(
    id: number,
    patch: { team_id?: number; is_main?: number; role_id?: number | null },
    q: Q,
  ): Promise<void> {
    await q.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  async createTeam(name: string, now: number, q: Q): Promise<number> {
    const r = await q
      .insertInto('teams')
      .values({ name: name.slice(0, 100), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  findTeam(id: number, q: Q = this.db) {
    return q.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Drops an emptied team and everything of it (roles, zones, groups, labels, projects, messages). */
  async dropTeam(teamId: number, q: Q): Promise<void> {
    await q
      .deleteFrom('role_zones')
      .where('role_id', 'in', q.selectFrom('roles').select('id').where('team_id', '=', teamId))
      .execute();
    await q.deleteFrom('teams').where('id', '=', teamId).execute();
  }

  /** Drops what a member held in its former team: data permissions and favourites. */
  async clearMemberState(userId: number, q: Q): Promise<void> {
    await q.deleteFrom('data_permissions').where('user_id', '=', userId).execute();
    await q.deleteFrom('favourites').where('user_id', '=', userId).execute();
  }

  async clearGrants(userId: number, q: Q): Promise<void> {
    await q.deleteFrom('data_permissions').where('user_id', '=', userId).execute();
  }

  /** Moves the user's personal messages along to `teamId`. */
  async moveMessages(userId: number, teamId: number, q: Q): Promise<void> {
    await q.updateTable('messages').set({ team_id: teamId }).where('user_id', '=', userId).execute();
  }

  /** Grants every group, template and project of the team (a former main account keeps its view). */
  async grantEverything(userId: number, teamId: number, q: Q): Promise<void> {
    await q.deleteFrom('data_permissions').where('user_id', '=', userId).execute();
    for (const [kind, table] of [
      ['group', 'device_groups'],
      ['template', 'templates'],
      ['project', 'projects'],
    ] as const) {
      const rows = await q.selectFrom(table).select('id').where('team_id', '=', teamId).execute();
      if (rows.length)
        await q
          .insertInto('data_permissions')
          .values(rows.map((r) => ({ user_id: userId, kind, object_id: r.id })))
          .execute();
    }
  }

  teamRoles(teamId: number, q: Q = this.db) {
    return q.selectFrom('roles').selectAll().where('team_id', '=', teamId).orderBy('id').execute();
  }

  async insertRole(row: { team_id: number; name: string; permissions: string; created_at: number }, q: Q) {
    const r = await q.insertInto('roles').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  }

  // invitations

  private invitationView(q: Q) {
    return q
      .selectFrom('invitations')
      .innerJoin('teams', 'teams.id', 'invitations.team_id')
      .innerJoin('users as inviter', 'inviter.id', 'invitations.inviter_id')
      .innerJoin('users as invitee', 'invitee.id', 'invitations.invitee_user_id')
      .leftJoin('roles', 'roles.id', 'invitations.role_id')
      .selectAll('invitations')
      .select([
        'teams.name as team_name',
        'inviter.name as inviter_name',
        'inviter.username as inviter_account',
        'invitee.name as invitee_name',
        'roles.name as role_name',
      ]);
  }

  findInvitation(id: number, q: Q = this.db) {
    return this.invitationView(q).where('invitations.id', '=', id).executeTakeFirst();
  }

  async listInvitations(f: InvitationFilter, offset: number, limit: number) {
    let q = this.invitationView(this.db);
    if (f.teamId !== undefined) q = q.where('invitations.team_id', '=', f.teamId);
    if (f.inviteeId !== undefined) q = q.where('invitations.invitee_user_id', '=', f.inviteeId);
    if (f.status) q = q.where('invitations.status', '=', f.status);
    let c = this.db.selectFrom('invitations');
    if (f.teamId !== undefined) c = c.where('team_id', '=', f.teamId);
    if (f.inviteeId !== undefined) c = c.where('invitee_user_id', '=', f.inviteeId);
    if (f.status) c = c.where('status', '=', f.status);
    const [rows, total] = await Promise.all([
      q
        .orderBy('invitations.created_at', 'desc')
        .orderBy('invitations.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      c.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** The pending invitation of `kind` from the team to the user, if any. */
  findPending(teamId: number, inviteeId: number, kind: InvitationKind, q: Q = this.db) {
    return q
      .selectFrom('invitations')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('invitee_user_id', '=', inviteeId)
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
      .executeTakeFirst();
  }

  async insertInvitation(row: Omit<InvitationRow, 'id' | 'answered_at' | 'status'>, q: Q): Promise<number> {
    const r = await q
      .insertInto('invitations')
      .values({ ...row, status: 'pending', answered_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async renewInvitation(
    id: number,
    patch: {
      inviter_id: number;
      invitee_account: string;
      role_id: number | null;
      created_at: number;
      expires_at: number;
    },
    q: Q,
  ): Promise<void> {
    await q.updateTable('invitations').set(patch).where('id', '=', id).execute();
  }

  /** Moves a pending invitation to `status`; false when it was no longer pending. */
  async answer(id: number, status: InvitationStatus, now: number, q: Q): Promise<boolean> {
    const r = await q
      .updateTable('invitations')
      .set({ status, answered_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /**
   * Voids pending invitations matching `where` and returns them (to tell their invitees).
   * `where`: of a team (optionally only those sent by or to one member), or addressed to a user.
   */
  async voidPending(
    where: {
      teamId?: number;
      member?: number;
      inviteeId?: number;
      exceptId?: number;
      kind?: InvitationKind;
    },
    now: number,
    q: Q,
  ): Promise<InvitationRow[]> {
    let s = q.selectFrom('invitations').selectAll().where('status', '=', 'pending');
    if (where.teamId !== undefined) s = s.where('team_id', '=', where.teamId);
    if (where.inviteeId !== undefined) s = s.where('invitee_user_id', '=', where.inviteeId);
    if (where.exceptId !== undefined) s = s.where('id', '!=', where.exceptId);
    if (where.kind !== undefined) s = s.where('kind', '=', where.kind);
    if (where.member !== undefined) {
      const m = where.member;
      s = s.where((eb) => eb.or([eb('inviter_id', '=', m), eb('invitee_user_id', '=', m)]));
    }
    const rows = await s.execute();
    if (rows.length)
      await q
        .updateTable('invitations')
        .set({ status: 'voided', answered_at: now })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .where('status', '=', 'pending')
        .execute();
    return rows;
  }
}
