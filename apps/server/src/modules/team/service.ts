import {
  allPermissionIds,
  BillingMessageType,
  INVITATION_TTL_DAYS,
  limits,
  TeamMessageVariant,
  withViewFirst,
  type Invitation,
  type MessageParams,
  type TeamMember,
} from '@hmi/contract';
import type { Transaction } from 'kysely';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Database, InvitationRow, InvitationStatus, UserRow } from '../../platform/db/schema';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { MessageRepo, NewMessage } from '../message/repo';
import { parsePermissionList, type RoleRepo } from '../roles/repo';
import { assertHolds } from '../roles/service';
import { expireInvitations, type TeamRepo } from './repo';

const TTL_SECONDS = INVITATION_TTL_DAYS * 86400;
/** Name of the role a former main account gets when it hands the team over. */
const FORMER_MAIN_ROLE = 'Admin';

type InvitationView = NonNullable<Awaited<ReturnType<TeamRepo['findInvitation']>>>;

function toInvitation(r: InvitationView): Invitation {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    team_id: r.team_id,
    team_name: r.team_name,
    inviter_id: r.inviter_id,
    inviter_name: r.inviter_name,
    inviter_account: r.inviter_account,
    invitee_id: r.invitee_user_id,
    invitee_account: r.invitee_account,
    invitee_name: r.invitee_name,
    role_id: r.role_id,
    role_name: r.role_name ?? null,
    created_at: Number(r.created_at),
    answered_at: r.answered_at === null ? null : Number(r.answered_at),
    expires_at: Number(r.expires_at),
  };
}

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
  };
}

/**
 * Team membership: members, invitations (states pending, accepted, rejected, cancelled, voided; a
 * pending one is voided after 7 days), removal and main-account handover. Billing messages 6-9 go to
 * the account concerned, in the team it belongs to at that moment.
 */
export class TeamService {
  constructor(
    private readonly repo: TeamRepo,
    private readonly roles: RoleRepo,
    private readonly messages: MessageRepo,
    private readonly clock: Clock,
    private readonly bus: Bus,
  ) {}

  /** Recipients of the messages each open transaction wrote; told once it commits. */
  private readonly recipients = new WeakMap<Transaction<Database>, { teamId: number; userId: number }[]>();

  private async transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const told: { teamId: number; userId: number }[] = [];
    const result = await this.repo.transaction((trx) => {
      this.recipients.set(trx, told);
      return fn(trx);
    });
    for (const to of told) this.bus.emit('messages', to);
    return result;
  }

  private now(): number {
    return epochSeconds(this.clock);
  }

  private async message(
    q: Transaction<Database>,
    to: { teamId: number; userId: number },
    type: number,
    text: { title: string; content: string; params: MessageParams },
  ): Promise<void> {
    const m: NewMessage = {
      team_id: to.teamId,
      user_id: to.userId,
      kind: 'billing',
      type,
      ...text,
      created_at: this.now(),
    };
    const told = this.recipients.get(q);
    if (!told) throw new Error('team messages are written inside TeamService.transaction');
    await this.messages.insert([m], q);
    told.push(to);
  }

  /** Tells the invitees of voided invitations (type 7), in the teams they are in now. */
  private async tellVoided(q: Transaction<Database>, voided: readonly InvitationRow[], teamName: string) {
    for (const inv of voided) {
      if (inv.kind !== 'invite') continue;
      const invitee = await this.repo.findUser(inv.invitee_user_id, q);
      if (!invitee) continue;
      await this.message(
        q,
        { teamId: invitee.team_id, userId: invitee.id },
        BillingMessageType.INVITATION_CANCELLED,
        {
          title: 'Invitation cancelled',
          content: `The invitation to join team ${teamName} is no longer valid`,
          params: { variant: TeamMessageVariant.VOIDED, team: teamName },
        },
      );
    }
  }

  private async view(id: number, q?: Transaction<Database>): Promise<Invitation> {
    const r = (await this.repo.findInvitation(id, q)) ?? fail(1003);
    return toInvitation(r);
  }

  // members

  async listMembers(
    user: SessionUser,
    q: { page: number; pageSize: number; keyword?: string | undefined; role_id?: number | undefined },
  ) {
    const { rows, total } = await this.repo.listMembers(
      user.teamId,
      { keyword: q.keyword, roleId: q.role_id },
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    return { list: rows.map(toMember), total };
  }

  private async memberOf(user: SessionUser, id: number): Promise<UserRow> {
    const m = (await this.repo.findMember(user.teamId, id)) ?? fail(1071);
    if (m.is_main === 1) failInput('id', 'mainAccount');
    return m;
  }

  async changeRole(user: SessionUser, id: number, roleId: number): Promise<TeamMember> {
    const member = await this.memberOf(user, id);
    if (member.id === user.id) fail(1002, { reason: 'ownRole' });
    const role = (await this.roles.find(user.teamId, roleId)) ?? fail(1003);
    assertHolds(user, parsePermissionList(role.permissions));
    await this.transaction((trx) => this.repo.updateMember(member.id, { role_id: role.id }, trx));
    return toMember({ ...member, role_id: role.id, role_name: role.name });
  }

  /**
   * The member leaves with a new team of its own (it is that team's main account, named after it),
   * without grants or favourites of the old team; invitations it sent or was sent by the team and
   * still pending are voided; it gets billing message 8.
   */
  async removeMember(user: SessionUser, id: number): Promise<null> {
    const member = await this.memberOf(user, id);
    if (member.id === user.id) fail(1002, { reason: 'self' });
    const now = this.now();
    const team = await this.repo.findTeam(user.teamId);
    const teamName = team?.name ?? '';
    await this.transaction(async (trx) => {
      const newTeam = await this.repo.createTeam(member.name || member.username, now, trx);
      await this.repo.updateMember(member.id, { team_id: newTeam, is_main: 1, role_id: null }, trx);
      await this.repo.clearMemberState(member.id, trx);
      await this.repo.moveMessages(member.id, newTeam, trx);
      const voided = await this.repo.voidPending({ teamId: user.teamId, member: member.id }, now, trx);
      await this.tellVoided(
        trx,
        voided.filter((v) => v.invitee_user_id !== member.id),
        teamName,
      );
      await this.message(trx, { teamId: newTeam, userId: member.id }, BillingMessageType.REMOVED_FROM_TEAM, {
        title: 'Removed from team',
        content: `You were removed from team ${teamName}; you are now the main account of a team of your own`,
        params: { team: teamName },
      });
    });
    return null;
  }

  // invitations (inviter side)

  /**
   * May `invitee` join team `teamId` invited by `inviter`? Same data centre (1078); not in a team
   * with others nor a sub-account anywhere, nor already in this team (1069); owns no devices or
   * templates (1069, reason `ownsResources`).
   */
  private async assertMayJoin(invitee: UserRow, teamId: number, inviter: UserRow, q?: Transaction<Database>) {
    if (invitee.data_center !== inviter.data_center) fail(1078);
    if (invitee.team_id === teamId) fail(1069, { reason: 'sameTeam' });
    if (invitee.is_main !== 1 || (await this.repo.teamSize(invitee.team_id, q)) > 1)
      fail(1069, { reason: 'inTeam' });
    const owned = await this.repo.resources(invitee.team_id, q);
    if (owned.devices || owned.templates) fail(1069, { reason: 'ownsResources', ...owned });
  }

  async invite(user: SessionUser, b: { account: string; role_id: number }): Promise<Invitation> {
    const role = (await this.roles.find(user.teamId, b.role_id)) ?? fail(1003);
    assertHolds(user, parsePermissionList(role.permissions));
    const invitee = (await this.repo.findActiveByAccount(b.account)) ?? fail(1010);
    await this.assertMayJoin(invitee, user.teamId, user.row);
    const now = this.now();
    const team = await this.repo.findTeam(user.teamId);
    const id = await this.transaction(async (trx) => {
      await expireInvitations(trx, now);
      const fields = {
        inviter_id: user.id,
        invitee_account: b.account.trim(),
        role_id: role.id,
        created_at: now,
        expires_at: now + TTL_SECONDS,
      };
      const existing = await this.repo.findPending(user.teamId, invitee.id, 'invite', trx);
      let invitationId: number;
      if (existing) {
        await this.repo.renewInvitation(existing.id, fields, trx);
        invitationId = existing.id;
      } else {
        invitationId = await this.repo.insertInvitation(
          { ...fields, team_id: user.teamId, invitee_user_id: invitee.id, kind: 'invite' },
          trx,
        );
      }
      await this.message(
        trx,
        { teamId: invitee.team_id, userId: invitee.id },
        BillingMessageType.INVITATION,
        {
          title: 'Team invitation',
          content: `${user.row.name} (${user.row.username}) invites you to join team ${team?.name ?? ''} as ${role.name}`,
          params: {
            inviter: user.row.name,
            inviter_account: user.row.username,
            team: team?.name ?? '',
            role: role.name,
          },
        },
      );
      return invitationId;
    });
    return this.view(id);
  }

  async listSent(
    user: SessionUser,
    q: { page: number; pageSize: number; status?: InvitationStatus | undefined },
  ): Promise<{ list: Invitation[]; total: number }> {
    await expireInvitations(this.repo.db, this.now());
    const { rows, total } = await this.repo.listInvitations(
      { teamId: user.teamId, status: q.status },
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    return { list: rows.map(toInvitation), total };
  }

  async cancel(user: SessionUser, id: number): Promise<Invitation> {
    const now = this.now();
    await expireInvitations(this.repo.db, now);
    const inv = await this.repo.findInvitation(id);
    if (!inv || inv.team_id !== user.teamId) fail(1003);
    if (inv.status !== 'pending') fail(1003, { status: inv.status });
    if (inv.kind === 'transfer' && !user.isMain) fail(1002, { reason: 'mainOnly' });
    await this.transaction(async (trx) => {
      if (!(await this.repo.answer(id, 'cancelled', now, trx))) fail(1003, { status: 'answered' });
      const invitee = await this.repo.findUser(inv.invitee_user_id, trx);
      if (invitee && inv.kind === 'invite')
        await this.message(
          trx,
          { teamId: invitee.team_id, userId: invitee.id },
          BillingMessageType.INVITATION_CANCELLED,
          {
            title: 'Invitation cancelled',
            content: `The invitation to join team ${inv.team_name} was cancelled`,
            params: { variant: TeamMessageVariant.CANCELLED, team: inv.team_name },
          },
        );
    });
    return this.view(id);
  }

  /** Offers the main account to a member (main account only); a pending offer is replaced. */
  async transfer(user: SessionUser, memberId: number): Promise<Invitation> {
    if (!user.isMain) fail(1002, { reason: 'mainOnly' });
    const member = await this.memberOf(user, memberId);
    const now = this.now();
    const team = await this.repo.findTeam(user.teamId);
    const id = await this.transaction(async (trx) => {
      await expireInvitations(trx, now);
      await this.repo.voidPending({ teamId: user.teamId, kind: 'transfer' }, now, trx);
      const invitationId = await this.repo.insertInvitation(
        {
          team_id: user.teamId,
          inviter_id: user.id,
          invitee_user_id: member.id,
          invitee_account: member.username,
          role_id: null,
          kind: 'transfer',
          created_at: now,
          expires_at: now + TTL_SECONDS,
        },
        trx,
      );
      await this.message(
        trx,
        { teamId: user.teamId, userId: member.id },
        BillingMessageType.MAIN_ACCOUNT_TRANSFER,
        {
          title: 'Main-account transfer',
          content: `${user.row.name} (${user.row.username}) offers you the main account of team ${team?.name ?? ''}`,
          params: {
            variant: TeamMessageVariant.OFFERED,
            inviter: user.row.name,
            inviter_account: user.row.username,
            team: team?.name ?? '',
          },
        },
      );
      return invitationId;
    });
    return this.view(id);
  }

  // invitations (invitee side)

  async listReceived(
    user: SessionUser,
    q: { page: number; pageSize: number; status?: InvitationStatus | undefined },
  ): Promise<{ list: Invitation[]; total: number }> {
    await expireInvitations(this.repo.db, this.now());
    const { rows, total } = await this.repo.listInvitations(
      { inviteeId: user.id, status: q.status },
      (q.page - 1) * q.pageSize,
      q.pageSize,
    );
    return { list: rows.map(toInvitation), total };
  }

  /** The invitation, pending and addressed to the caller, and the caller may accept it. */
  private async answerable(user: SessionUser, id: number, q?: Transaction<Database>) {
    const inv = await this.repo.findInvitation(id, q);
    if (!inv || inv.invitee_user_id !== user.id) fail(1003);
    if (inv.status !== 'pending') fail(1003, { status: inv.status });
    const inviter = await this.repo.findUser(inv.inviter_id, q);
    if (!inviter || inviter.team_id !== inv.team_id) fail(1003, { status: 'voided' });
    const me = (await this.repo.findUser(user.id, q)) ?? fail(1055);
    if (inv.kind === 'invite') await this.assertMayJoin(me, inv.team_id, inviter, q);
    else {
      if (me.team_id !== inv.team_id || me.is_main === 1) fail(1071);
      if (inviter.is_main !== 1) fail(1003, { status: 'voided' });
    }
    return { inv, inviter, me };
  }

  async check(user: SessionUser, id: number): Promise<Invitation> {
    await expireInvitations(this.repo.db, this.now());
    const { inv } = await this.answerable(user, id);
    return toInvitation(inv);
  }

  async confirm(user: SessionUser, id: number, accept: boolean): Promise<Invitation> {
    const now = this.now();
    await expireInvitations(this.repo.db, now);
    if (!accept) {
      const inv = await this.repo.findInvitation(id);
      if (!inv || inv.invitee_user_id !== user.id) fail(1003);
      if (inv.status !== 'pending') fail(1003, { status: inv.status });
      await this.transaction(async (trx) => {
        if (!(await this.repo.answer(id, 'rejected', now, trx))) fail(1003, { status: 'answered' });
      });
      return this.view(id);
    }
    await this.transaction(async (trx) => {
      const { inv, inviter, me } = await this.answerable(user, id, trx);
      if (!(await this.repo.answer(id, 'accepted', now, trx))) fail(1003, { status: 'answered' });
      if (inv.kind === 'invite') await this.join(trx, me, inv, now);
      else await this.takeOver(trx, me, inviter, inv, now);
    });
    return this.view(id);
  }

  /** The invitee joins as a sub-account; its own (empty) team is dropped. */
  private async join(trx: Transaction<Database>, me: UserRow, inv: InvitationView, now: number) {
    const oldTeam = me.team_id;
    const oldTeamName = (await this.repo.findTeam(oldTeam, trx))?.name ?? '';
    // Invitations the caller's own team sent, and the other ones addressed to the caller, are void.
    const sent = await this.repo.voidPending({ teamId: oldTeam }, now, trx);
    await this.tellVoided(trx, sent, oldTeamName);
    await this.repo.voidPending({ inviteeId: me.id, exceptId: inv.id }, now, trx);
    await this.repo.updateMember(me.id, { team_id: inv.team_id, is_main: 0, role_id: inv.role_id }, trx);
    await this.repo.clearMemberState(me.id, trx);
    await this.repo.moveMessages(me.id, inv.team_id, trx);
    await this.repo.dropTeam(oldTeam, trx);
  }

  /**
   * The member becomes main; the former main becomes a sub-account with a role holding every
   * permission (reused when the team has one, else `Admin`) and grants to every group, template and
   * project. The team's other pending invitations are voided. The former main gets message 9.
   */
  private async takeOver(
    trx: Transaction<Database>,
    me: UserRow,
    formerMain: UserRow,
    inv: InvitationView,
    now: number,
  ) {
    const all = withViewFirst(allPermissionIds);
    const roles = await this.repo.teamRoles(inv.team_id, trx);
    const full = roles.find((r) => {
      const p = withViewFirst(parsePermissionList(r.permissions));
      return p.length === all.length && p.every((x, i) => x === all[i]);
    });
    let roleId = full?.id;
    if (roleId === undefined) {
      const names = new Set(roles.map((r) => r.name));
      let name = FORMER_MAIN_ROLE;
      for (let i = 2; names.has(name); i += 1) name = `${FORMER_MAIN_ROLE}${i}`.slice(0, limits.roleNameMax);
      roleId = await this.repo.insertRole(
        { team_id: inv.team_id, name, permissions: JSON.stringify(all), created_at: now },
        trx,
      );
    }
    await this.repo.updateMember(formerMain.id, { is_main: 0, role_id: roleId }, trx);
    await this.repo.grantEverything(formerMain.id, inv.team_id, trx);
    await this.repo.updateMember(me.id, { is_main: 1, role_id: null }, trx);
    await this.repo.clearGrants(me.id, trx);
    const voided = await this.repo.voidPending({ teamId: inv.team_id, exceptId: inv.id }, now, trx);
    await this.tellVoided(trx, voided, inv.team_name);
    await this.message(
      trx,
      { teamId: inv.team_id, userId: formerMain.id },
      BillingMessageType.MAIN_ACCOUNT_TRANSFER,
      {
        title: 'Main-account transfer',
        content: `The main account of team ${inv.team_name} was transferred to ${me.name} (${me.username})`,
        params: {
          variant: TeamMessageVariant.COMPLETED,
          team: inv.team_name,
          new_main: me.name,
          new_main_account: me.username,
        },
      },
    );
  }
}
