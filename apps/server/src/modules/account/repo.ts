import { anyRow } from '../../platform/db/rows';
import { RepoBase } from '../../platform/db/repo-base';
import type { CodeScene, NewUser, UserRow, UserUpdate } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';

/** SQL of the account module (portable across SQLite and PostgreSQL). */
export class AccountRepo extends RepoBase {
  // users and teams

  findUserById(id: number, q: Queryable = this.db): Promise<UserRow | undefined> {
    return q.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A not-removed user by username, compared case-insensitively. */
  findUserByUsername(username: string, q: Queryable = this.db): Promise<UserRow | undefined> {
    return q
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', username.trim().toLowerCase())
      .where('removed_at', 'is', null)
      .executeTakeFirst();
  }

  async createTeamWithMainUser(
    teamName: string,
    user: Omit<NewUser, 'team_id' | 'is_main' | 'joined_at'>,
    q: Queryable,
  ): Promise<UserRow> {
    const team = await q
      .insertInto('teams')
      .values({ name: teamName, created_at: user.created_at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (
      q
        .insertInto('users')
        // A new account joins its own new team as it registers.
        .values({ ...user, team_id: team.id, is_main: 1, joined_at: user.created_at })
        .returningAll()
        .executeTakeFirstOrThrow()
    );
  }

  async updateUser(id: number, patch: UserUpdate, q: Queryable = this.db): Promise<void> {
    await q.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  async createTeam(name: string, now: number, q: Queryable): Promise<number> {
    const r = await q
      .insertInto('teams')
      .values({ name: name.slice(0, 100), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async deleteTeam(id: number, q: Queryable): Promise<void> {
    await q.deleteFrom('teams').where('id', '=', id).execute();
  }

  findTeam(id: number, q: Queryable = this.db) {
    return q.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateTeamName(id: number, name: string, q: Queryable = this.db): Promise<void> {
    await q.updateTable('teams').set({ name }).where('id', '=', id).execute();
  }

  /** The team's main account id (0 when none is left). */
  async teamLeaderId(teamId: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('team_id', '=', teamId)
      .where('is_main', '=', 1)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return row?.id ?? 0;
  }

  /** Members of the team other than `userId` that are not removed. */
  async otherMemberCount(teamId: number, userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('team_id', '=', teamId)
      .where('id', '!=', userId)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Highest id of the team's templates or projects (0 when none). */
  async maxTeamId(table: 'templates' | 'projects', teamId: number): Promise<number> {
    const r = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.max<number>('id').as('m'))
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return Number(r?.m ?? 0);
  }

  findRole(id: number) {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  // refresh tokens

  async insertRefreshToken(
    row: { token_hash: string; family_id: string; user_id: number; created_at: number; expires_at: number },
    q: Queryable = this.db,
  ): Promise<void> {
    await q.insertInto('refresh_tokens').values(row).execute();
  }

  findRefreshToken(hash: string) {
    return this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  /** Marks a token rotated unless it already is; false when another request won the race. */
  async markRotated(id: number, now: number, q: Queryable): Promise<boolean> {
    const r = await q
      .updateTable('refresh_tokens')
      .set({ rotated_at: now })
      .where('id', '=', id)
      .where('rotated_at', 'is', null)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async revokeFamily(familyId: string, now: number): Promise<void> {
    await this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Revokes every family of the user except `keepFamily`. */
  async revokeUserFamilies(
    userId: number,
    now: number,
    keepFamily: string | null,
    q: Queryable = this.db,
  ): Promise<void> {
    let u = q
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (keepFamily !== null) u = u.where('family_id', '!=', keepFamily);
    await u.execute();
  }

  /**
   * Revokes the user's families begun by `at` (a token of theirs issued then or earlier) except
   * `keepFamily`: those begun later are sessions signed in with a password given after `at`.
   */
  async revokeFamiliesBegunBy(
    userId: number,
    at: number,
    now: number,
    keepFamily: string | null,
  ): Promise<void> {
    let u = this.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('family_id', 'in', (eb) =>
        eb
          .selectFrom('refresh_tokens')
          .select('family_id')
          .where('user_id', '=', userId)
          .where('created_at', '<=', at),
      );
    if (keepFamily !== null) u = u.where('family_id', '!=', keepFamily);
    await u.execute();
  }

  /** A family is live while at least one of its tokens is neither revoked nor expired. */
  familyLive(familyId: string, now: number): Promise<boolean> {
    return anyRow(
      this.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now),
    );
  }

  // verification codes

  latestCode(target: string, scene: CodeScene) {
    return this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('scene', '=', scene)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async replaceCode(
    row: { target: string; scene: CodeScene; code_hash: string; created_at: number; expires_at: number },
    q: Queryable = this.db,
  ): Promise<void> {
    await q
      .deleteFrom('verification_codes')
      .where('target', '=', row.target)
      .where('scene', '=', row.scene)
      .execute();
    await q
      .insertInto('verification_codes')
      .values({ ...row, attempts: 0 })
      .execute();
  }

  async countCodeAttempt(id: number): Promise<void> {
    await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .execute();
  }

  async deleteCodes(target: string, scene: CodeScene, q: Queryable = this.db): Promise<void> {
    await q
      .deleteFrom('verification_codes')
      .where('target', '=', target)
      .where('scene', '=', scene)
      .execute();
  }

  // activation tokens

  async insertActivation(
    row: { token_hash: string; user_id: number; created_at: number; expires_at: number },
    q: Queryable = this.db,
  ): Promise<void> {
    await q.insertInto('activation_tokens').values(row).execute();
  }

  findActivation(hash: string) {
    return this.db
      .selectFrom('activation_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
  }

  /** Activation mails sent to the user since `since` (voided links included). */
  async countActivationsSince(userId: number, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('activation_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Voids the user's unused links (kept, marked expired at `now`, so they count against the limit). */
  async voidActivations(userId: number, now: number, q: Queryable = this.db): Promise<void> {
    await q
      .updateTable('activation_tokens')
      .set({ expires_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
  }

  async markActivationUsed(id: number, now: number, q: Queryable): Promise<void> {
    await q.updateTable('activation_tokens').set({ used_at: now }).where('id', '=', id).execute();
  }

  /** Marks every unused link of the user used (the operator activated the account without one). */
  async useActivations(userId: number, now: number, q: Queryable): Promise<void> {
    await q
      .updateTable('activation_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }
}
