import {
  ErrorCode,
  BillingMessageType,
  INVITATION_TTL_DAYS,
  TeamMessageVariant,
  type CallBody,
  type CallQuery,
  type createInvitation,
  type Invitation,
  type listInvitations,
} from '@hmi/contract';
import type { Transaction } from 'kysely';
import { audit } from '../../platform/audit';
import type { Database, UserRow } from '../../platform/db/schema';
import { pageWindow } from '../../platform/db/sql';
import { fail } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { BillingApi } from '../billing';
import type { RoleService } from '../roles';
import { recipientOf, type TeamTransactions } from './notices';
import { expireInvitations, type InvitationFilter, type TeamRepo } from './repo';
import type { TeamOwners } from './owners';
import { subAccountOf } from './service';

/** ROLE=region: an account this region has no row of, from the centre (1078: another data centre's). */
export interface AccountDirectory {
  adopt(account: string): Promise<UserRow | null>;
}

const TTL_SECONDS = INVITATION_TTL_DAYS * 86400;

type InvitationView = NonNullable<Awaited<ReturnType<TeamRepo['findInvitation']>>>;
type InvitationPage = { list: Invitation[]; total: number };

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

/** Who an invitation or a main-account offer comes from, as its message names them. */
function offeredBy(user: SessionUser, teamName: string | undefined) {
  return { inviter: user.row.name, inviter_account: user.row.username, team: teamName ?? '' };
}

/**
 * Invitations (states pending, accepted, rejected, cancelled, voided; a pending one is voided after
 * 7 days) to join a team, and offers of the main account; billing messages 6, 7 and 9 tell of them.
 */
export class InvitationService {
  constructor(
    private readonly repo: TeamRepo,
    private readonly roles: RoleService,
    private readonly tx: TeamTransactions,
    private readonly owners: TeamOwners,
    private readonly billing: Pick<BillingApi, 'teamHoldsCards'>,
    /** ROLE=region: the central directory, which knows the accounts of the other data centres. */
    private readonly directory?: AccountDirectory,
  ) {}

  /** An account without a row here: the centre's of this data centre, 1078 of another, else 1010. */
  private async notHere(account: string): Promise<UserRow> {
    return (this.directory ? await this.directory.adopt(account) : null) ?? fail(ErrorCode.USER_NOT_FOUND);
  }

  private async view(id: number, q?: Transaction<Database>): Promise<Invitation> {
    const r = (await this.repo.findInvitation(id, q)) ?? fail(ErrorCode.NO_DATA);
    return toInvitation(r);
  }

  // invitations (inviter side)

  /**
   * May `invitee` join team `teamId` invited by `inviter`? Same data centre (1078); not in a team
   * with others nor a sub-account anywhere, nor already in this team (1069); owns no devices or
   * templates and holds no billing cards in their validity (1069, reason `ownsResources`).
   */
  private async assertMayJoin(invitee: UserRow, teamId: number, inviter: UserRow, q?: Transaction<Database>) {
    if (invitee.data_center !== inviter.data_center) fail(ErrorCode.NOT_CURRENT_DATA_CENTER);
    if (invitee.team_id === teamId) fail(ErrorCode.JOINED_OTHER_TEAM, { reason: 'sameTeam' });
    if (invitee.is_main !== 1 || (await this.repo.teamSize(invitee.team_id, q)) > 1)
      fail(ErrorCode.JOINED_OTHER_TEAM, { reason: 'inTeam' });
    const owned = await this.repo.resources(invitee.team_id, q);
    const cards = await this.billing.teamHoldsCards(invitee.team_id, q);
    if (owned.devices || owned.templates || cards)
      fail(ErrorCode.JOINED_OTHER_TEAM, { reason: 'ownsResources', ...owned, cards });
  }

  async invite(user: SessionUser, b: CallBody<typeof createInvitation>): Promise<Invitation> {
    const role = await this.roles.grantable(user, b.role_id);
    const invitee = (await this.repo.findActiveByAccount(b.account)) ?? (await this.notHere(b.account));
    await this.assertMayJoin(invitee, user.teamId, user.row);
    const now = this.tx.now();
    const team = await this.repo.findTeam(user.teamId);
    const id = await this.tx.run(async (trx) => {
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
      const from = offeredBy(user, team?.name);
      await this.tx.tell(trx, recipientOf(invitee), BillingMessageType.INVITATION, {
        title: 'Team invitation',
        content: `${from.inviter} (${from.inviter_account}) invites you to join team ${from.team} as ${role.name}`,
        params: { ...from, role: role.name },
      });
      return invitationId;
    });
    audit(this.tx.bus, {
      teamId: user.teamId,
      userId: user.id,
      action: 'invitationSent',
      target: invitee.username,
      detail: { role: role.name },
    });
    return this.view(id);
  }

  listSent(user: SessionUser, q: CallQuery<typeof listInvitations>): Promise<InvitationPage> {
    return this.page({ teamId: user.teamId, status: q.status }, q);
  }

  /** One page of the invitations `filter` selects, expired ones marked first. */
  private async page(
    filter: InvitationFilter,
    q: CallQuery<typeof listInvitations>,
  ): Promise<InvitationPage> {
    await expireInvitations(this.repo.db, this.tx.now());
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.repo.listInvitations(filter, offset, limit);
    return { list: rows.map(toInvitation), total };
  }

  async cancel(user: SessionUser, id: number): Promise<Invitation> {
    const now = this.tx.now();
    await expireInvitations(this.repo.db, now);
    const inv = await this.repo.findInvitation(id);
    if (!inv || inv.team_id !== user.teamId) fail(ErrorCode.NO_DATA);
    if (inv.status !== 'pending') fail(ErrorCode.NO_DATA, { status: inv.status });
    if (inv.kind === 'transfer' && !user.isMain) fail(ErrorCode.AUTHORIZATION, { reason: 'mainOnly' });
    await this.tx.run(async (trx) => {
      if (!(await this.repo.answer(id, 'cancelled', now, trx)))
        fail(ErrorCode.NO_DATA, { status: 'answered' });
      const invitee = await this.repo.findUser(inv.invitee_user_id, trx);
      if (invitee && inv.kind === 'invite')
        await this.tx.tell(trx, recipientOf(invitee), BillingMessageType.INVITATION_CANCELLED, {
          title: 'Invitation cancelled',
          content: `The invitation to join team ${inv.team_name} was cancelled`,
          params: { variant: TeamMessageVariant.CANCELLED, team: inv.team_name },
        });
    });
    return this.view(id);
  }

  /** Offers the main account to a member (main account only); a pending offer is replaced. */
  async transfer(user: SessionUser, memberId: number): Promise<Invitation> {
    if (!user.isMain) fail(ErrorCode.AUTHORIZATION, { reason: 'mainOnly' });
    const member = await subAccountOf(this.repo, user, memberId);
    const now = this.tx.now();
    const team = await this.repo.findTeam(user.teamId);
    const id = await this.tx.run(async (trx) => {
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
      const from = offeredBy(user, team?.name);
      await this.tx.tell(trx, recipientOf(member), BillingMessageType.MAIN_ACCOUNT_TRANSFER, {
        title: 'Main-account transfer',
        content: `${from.inviter} (${from.inviter_account}) offers you the main account of team ${from.team}`,
        params: { variant: TeamMessageVariant.OFFERED, ...from },
      });
      return invitationId;
    });
    return this.view(id);
  }

  // invitations (invitee side)

  listReceived(user: SessionUser, q: CallQuery<typeof listInvitations>): Promise<InvitationPage> {
    return this.page({ inviteeId: user.id, status: q.status }, q);
  }

  /** The invitation, pending and addressed to the caller, and the caller may accept it. */
  private async answerable(user: SessionUser, id: number, q?: Transaction<Database>) {
    const inv = await this.repo.findInvitation(id, q);
    if (!inv || inv.invitee_user_id !== user.id) fail(ErrorCode.NO_DATA);
    if (inv.status !== 'pending') fail(ErrorCode.NO_DATA, { status: inv.status });
    const inviter = await this.repo.findUser(inv.inviter_id, q);
    if (!inviter || inviter.team_id !== inv.team_id) fail(ErrorCode.NO_DATA, { status: 'voided' });
    const me = (await this.repo.findUser(user.id, q)) ?? fail(ErrorCode.ACCOUNT_DELETED);
    if (inv.kind === 'invite') await this.assertMayJoin(me, inv.team_id, inviter, q);
    else {
      if (me.team_id !== inv.team_id || me.is_main === 1) fail(ErrorCode.NOT_IN_TEAM);
      if (inviter.is_main !== 1) fail(ErrorCode.NO_DATA, { status: 'voided' });
    }
    return { inv, inviter, me };
  }

  async check(user: SessionUser, id: number): Promise<Invitation> {
    await expireInvitations(this.repo.db, this.tx.now());
    const { inv } = await this.answerable(user, id);
    return toInvitation(inv);
  }

  async confirm(user: SessionUser, id: number, accept: boolean): Promise<Invitation> {
    const now = this.tx.now();
    await expireInvitations(this.repo.db, now);
    if (!accept) {
      const inv = await this.repo.findInvitation(id);
      if (!inv || inv.invitee_user_id !== user.id) fail(ErrorCode.NO_DATA);
      if (inv.status !== 'pending') fail(ErrorCode.NO_DATA, { status: inv.status });
      await this.tx.run(async (trx) => {
        if (!(await this.repo.answer(id, 'rejected', now, trx)))
          fail(ErrorCode.NO_DATA, { status: 'answered' });
      });
      return this.view(id);
    }
    const joined = await this.tx.run(async (trx) => {
      const { inv, inviter, me } = await this.answerable(user, id, trx);
      if (!(await this.repo.answer(id, 'accepted', now, trx)))
        fail(ErrorCode.NO_DATA, { status: 'answered' });
      if (inv.kind === 'invite') await this.join(trx, me, inv, now);
      else await this.takeOver(trx, me, inviter, inv, now);
      return inv;
    });
    // In the log of the team joined: the new member is the actor.
    audit(this.tx.bus, {
      teamId: joined.team_id,
      userId: user.id,
      action: 'memberJoined',
      target: user.row.username,
      detail: joined.kind === 'invite' ? { role: joined.role_name ?? '' } : { main: 'yes' },
    });
    return this.view(id);
  }

  /** The invitee joins as a sub-account; its own (empty) team is dropped. */
  private async join(trx: Transaction<Database>, me: UserRow, inv: InvitationView, now: number) {
    const oldTeam = me.team_id;
    const oldTeamName = (await this.repo.findTeam(oldTeam, trx))?.name ?? '';
    // Invitations the caller's own team sent, and the other ones addressed to the caller, are void.
    const sent = await this.repo.voidPending({ teamId: oldTeam }, now, trx);
    await this.tx.tellVoided(trx, sent, oldTeamName);
    await this.repo.voidPending({ inviteeId: me.id, exceptId: inv.id }, now, trx);
    await this.owners.updateMember(
      me.id,
      { team_id: inv.team_id, joined_at: now, is_main: 0, role_id: inv.role_id },
      trx,
    );
    await this.owners.clearMemberState(me.id, trx);
    await this.tx.followUser(me.id, inv.team_id, trx);
    await this.owners.dropTeam(oldTeam, trx);
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
    const roleId = await this.roles.fullRole(inv.team_id, now, trx);
    await this.owners.updateMember(formerMain.id, { is_main: 0, role_id: roleId }, trx);
    await this.owners.grantEverything(formerMain.id, inv.team_id, trx);
    await this.owners.updateMember(me.id, { is_main: 1, role_id: null }, trx);
    await this.owners.clearGrants(me.id, trx);
    const voided = await this.repo.voidPending({ teamId: inv.team_id, exceptId: inv.id }, now, trx);
    await this.tx.tellVoided(trx, voided, inv.team_name);
    await this.tx.tell(
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
