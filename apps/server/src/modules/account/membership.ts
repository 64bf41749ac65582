import type { Queryable } from '../../platform/db/sql';
import type { AccountRepo } from './repo';

/**
 * The account module's writes of team membership (a user's team, main flag and role; teams made
 * and dropped), for the team module's invitations, removals and handovers inside their transactions.
 */
export class Membership {
  constructor(private readonly repo: AccountRepo) {}

  setMembership(
    userId: number,
    patch: { team_id?: number; joined_at?: number; is_main?: number; role_id?: number | null },
    q: Queryable,
  ): Promise<void> {
    return this.repo.updateUser(userId, patch, q);
  }

  createTeam(name: string, now: number, q: Queryable): Promise<number> {
    return this.repo.createTeam(name, now, q);
  }

  deleteTeam(teamId: number, q: Queryable): Promise<void> {
    return this.repo.deleteTeam(teamId, q);
  }
}
