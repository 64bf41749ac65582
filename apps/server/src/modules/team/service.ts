import {
  ErrorCode,
  BillingMessageType,
  type CallQuery,
  type listMembers,
  type TeamMember,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import type { UserRow } from '../../platform/db/schema';
import { pageWindow } from '../../platform/db/sql';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { RoleService } from '../roles';
import type { TeamTransactions } from './notices';
import type { TeamOwners } from './owners';
import type { TeamRepo } from './repo';

function toMember(r: UserRow & { role_name?: string | null }): TeamMember {
  return {
    id: r.id,
    account: r.username,
    name: r.name,
    alias_name: r.alias_name,
    email: r.email,
    phone: r.phone,
    contact: r.contact,
    is_main: r.is_main === 1,
    role_id: r.is_main === 1 ? null : r.role_id,
    role_name: r.is_main === 1 ? null : (r.role_name ?? null),
    created_at: Number(r.created_at),
    joined_at: Number(r.joined_at),
  };
}

/** A sub-account of the caller's team (1071 otherwise; the main account is refused, 1006). */
export async function subAccountOf(repo: TeamRepo, user: SessionUser, id: number): Promise<UserRow> {
  const m = (await repo.findMember(user.teamId, id)) ?? fail(ErrorCode.NOT_IN_TEAM);
  if (m.is_main === 1) failInput('id', 'mainAccount');
  return m;
}

/**
 * Team members: the list, role changes and removal. Invitations and the main-account handover are
 * InvitationService's (invitations.ts).
 */
export class TeamService {
  constructor(
    private readonly repo: TeamRepo,
    private readonly roles: RoleService,
    private readonly tx: TeamTransactions,
    private readonly bus: Bus,
    private readonly owners: TeamOwners,
  ) {}

  async listMembers(user: SessionUser, q: CallQuery<typeof listMembers>) {
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.repo.listMembers(
      user.teamId,
      { keyword: q.keyword, roleId: q.role_id },
      offset,
      limit,
    );
    return { list: rows.map(toMember), total };
  }

  async changeRole(user: SessionUser, id: number, roleId: number): Promise<TeamMember> {
    const member = await subAccountOf(this.repo, user, id);
    if (member.id === user.id) fail(ErrorCode.AUTHORIZATION, { reason: 'ownRole' });
    const role = await this.roles.grantable(user, roleId);
    await this.tx.run((trx) => this.owners.updateMember(member.id, { role_id: role.id }, trx));
    this.bus.emit('accessChanged', { teamId: user.teamId, userId: member.id });
    const who = { teamId: user.teamId, userId: user.id, target: member.username };
    audit(this.bus, { ...who, action: 'memberRole', detail: { role: role.name } });
    return toMember({ ...member, role_id: role.id, role_name: role.name });
  }

  /**
   * The member leaves with a new team of its own (it is that team's main account, named after it),
   * without grants or favourites of the old team; invitations it sent or was sent by the team and
   * still pending are voided; it gets billing message 8.
   */
  async removeMember(user: SessionUser, id: number): Promise<null> {
    const member = await subAccountOf(this.repo, user, id);
    if (member.id === user.id) fail(ErrorCode.AUTHORIZATION, { reason: 'self' });
    const now = this.tx.now();
    const team = await this.repo.findTeam(user.teamId);
    const teamName = team?.name ?? '';
    await this.tx.run(async (trx) => {
      const newTeam = await this.owners.createTeam(member.name || member.username, now, trx);
      await this.owners.updateMember(
        member.id,
        { team_id: newTeam, joined_at: now, is_main: 1, role_id: null },
        trx,
      );
      await this.owners.clearMemberState(member.id, trx);
      await this.tx.followUser(member.id, newTeam, trx);
      const voided = await this.repo.voidPending({ teamId: user.teamId, member: member.id }, now, trx);
      await this.tx.tellVoided(
        trx,
        voided.filter((v) => v.invitee_user_id !== member.id),
        teamName,
      );
      await this.tx.tell(trx, { teamId: newTeam, userId: member.id }, BillingMessageType.REMOVED_FROM_TEAM, {
        title: 'Removed from team',
        content: `You were removed from team ${teamName}; you are now the main account of a team of your own`,
        params: { team: teamName },
      });
    });
    this.bus.emit('accessChanged', { teamId: user.teamId, userId: member.id });
    audit(this.bus, {
      teamId: user.teamId,
      userId: user.id,
      action: 'memberRemoved',
      target: member.username,
    });
    return null;
  }
}
