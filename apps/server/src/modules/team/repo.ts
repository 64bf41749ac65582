import { RepoBase } from '../../platform/db/repo-base';
import { sql } from 'kysely';
import type { InvitationKind, InvitationRow, InvitationStatus, UserRow } from '../../platform/db/schema';
import { containsIgnoringCase, type Queryable, countOf, withTotal } from '../../platform/db/sql';

/** Voids every pending invitation whose time is up (run before any invitation is read or answered). */
export async function expireInvitations(q: Queryable, now: number): Promise<void> {
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
export class TeamRepo extends RepoBase {
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
      const p = containsIgnoringCase(f.keyword);
      q = q.where((eb) =>
        eb.or([
          eb(sql`lower(users.username)`, 'like', p),
          eb(sql`lower(users.name)`, 'like', p),
          eb(sql`lower(users.alias_name)`, 'like', p),
        ]),
      );
    }
    return withTotal(
      q
        .selectAll('users')
        .select('roles.name as role_name')
        .orderBy('users.is_main', 'desc')
        .orderBy('users.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      countOf(q),
    );
  }

  /** A not-removed member of the team. */
  findMember(teamId: number, id: number, q: Queryable = this.db): Promise<UserRow | undefined> {
    return q
      .selectFrom('users')
      .selectAll()
      .where('id', '=', id)
      .where('team_id', '=', teamId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  findUser(id: number, q: Queryable = this.db): Promise<UserRow | undefined> {
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

  async teamSize(teamId: number, q: Queryable = this.db): Promise<number> {
    const r = await q
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Devices and templates a team still owns (billing cards do not exist yet). */
  async resources(teamId: number, q: Queryable = this.db): Promise<{ devices: number; templates: number }> {
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

  findTeam(id: number, q: Queryable = this.db) {
    return q.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // invitations

  private invitationView(q: Queryable) {
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

  findInvitation(id: number, q: Queryable = this.db) {
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
    return withTotal(
      q
        .orderBy('invitations.created_at', 'desc')
        .orderBy('invitations.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countOf(c),
    );
  }

  /** The pending invitation of `kind` from the team to the user, if any. */
  findPending(teamId: number, inviteeId: number, kind: InvitationKind, q: Queryable = this.db) {
    return q
      .selectFrom('invitations')
      .selectAll()
      .where((eb) => eb.and({ team_id: teamId, invitee_user_id: inviteeId, kind, status: 'pending' }))
      .executeTakeFirst();
  }

  async insertInvitation(
    row: Omit<InvitationRow, 'id' | 'answered_at' | 'status'>,
    q: Queryable,
  ): Promise<number> {
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
    q: Queryable,
  ): Promise<void> {
    await q.updateTable('invitations').set(patch).where('id', '=', id).execute();
  }

  /** Moves a pending invitation to `status`; false when it was no longer pending. */
  async answer(id: number, status: InvitationStatus, now: number, q: Queryable): Promise<boolean> {
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
    q: Queryable,
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
