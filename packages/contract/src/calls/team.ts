import { z } from 'zod';
import { defineCall } from '../call';
import { HAS_PERMISSION, Permission } from '../permissions';
import { InvitationStatus } from '../tables';
import { bodyId, idParams, pageOf, pageQuery, queryId, typeError } from '../zod-helpers';

/** An invitation not answered within this many days is voided. */
export const INVITATION_TTL_DAYS = 7;

export const invitationStatusSchema = z.enum([
  InvitationStatus.PENDING,
  InvitationStatus.ACCEPTED,
  InvitationStatus.REJECTED,
  InvitationStatus.CANCELLED,
  InvitationStatus.VOIDED,
]);

/** `invite`: join the team with a role; `transfer`: become the team's main account. */
export const InvitationKind = { INVITE: 'invite', TRANSFER: 'transfer' } as const;
export const invitationKindSchema = z.enum([InvitationKind.INVITE, InvitationKind.TRANSFER]);
export type InvitationKindValue = z.infer<typeof invitationKindSchema>;

export const teamMember = z.object({
  id: z.number().int(),
  account: z.string(),
  name: z.string(),
  alias_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contact: z.string(),
  is_main: z.boolean(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  /** Registration of the account. */
  created_at: z.number().int(),
  /** When it joined this team (registration for the main account that never moved). */
  joined_at: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const invitation = z.object({
  id: z.number().int(),
  kind: invitationKindSchema,
  status: invitationStatusSchema,
  team_id: z.number().int(),
  team_name: z.string(),
  inviter_id: z.number().int(),
  inviter_name: z.string(),
  inviter_account: z.string(),
  invitee_id: z.number().int(),
  invitee_account: z.string(),
  invitee_name: z.string(),
  /** The role the invitee gets (null for a transfer, or when the role was deleted). */
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  created_at: z.number().int(),
  answered_at: z.number().int().nullable(),
  expires_at: z.number().int(),
});
export type Invitation = z.infer<typeof invitation>;

const invitationListQuery = pageQuery.extend({ status: invitationStatusSchema.optional() });
/** The invitation the invitee checks before answering, and the answer. */
const invitationRef = z.object({ id: bodyId });
const invitationAnswer = invitationRef.extend({ accept: z.boolean(typeError) });

export const listMembers = defineCall({
  auth: 'session',
  permission: Permission.USER_VIEW,
  id: 'listMembers',
  method: 'GET',
  path: '/team/members',
  summary: 'Members of the caller’s team, main account first: keyword (account or name) and role filters',
  query: pageQuery.extend({
    keyword: z.string(typeError).trim().max(100, 'tooLong').optional(),
    role_id: queryId.optional(),
  }),
  response: pageOf(teamMember),
});

export const changeMemberRole = defineCall({
  auth: 'session',
  permission: Permission.USER_CHANGE_ROLE,
  id: 'changeMemberRole',
  method: 'PUT',
  path: '/team/members/:id',
  summary:
    'Give a sub-account another role of the team; effective on its next request (1071 not in the team, 1003 unknown role, 1006 `mainAccount` for the main account; 1002 for a sub-account caller changing its own role or granting ids it does not hold)',
  params: idParams,
  body: z.object({ role_id: bodyId }),
  response: teamMember,
});

export const removeMember = defineCall({
  auth: 'session',
  permission: Permission.USER_DELETE,
  id: 'removeMember',
  method: 'DELETE',
  path: '/team/members/:id',
  summary:
    'Remove a sub-account: it gets a new team of its own as main account, loses its grants, its pending invitations are voided and it receives billing message 8 (1071 not in the team, 1006 `mainAccount` for the main account, 1002 removing oneself)',
  params: idParams,
  response: z.null(),
});

export const createInvitation = defineCall({
  auth: 'session',
  permission: Permission.USER_INVITE,
  id: 'createInvitation',
  method: 'POST',
  path: '/team/invitations',
  summary:
    'Invite an account (phone or mail) with a role; the invitee gets billing message 6. 1010 unknown account, 1078 other data centre, 1069 already in a team (or this one), or still owning devices or templates or holding billing cards in their validity (data.reason `ownsResources`, with `devices`, `templates`, `cards`), 1003 unknown role. A pending invitation to the same account is renewed',
  body: z.object({
    account: z.string(typeError).trim().min(1, 'required').max(254, 'tooLong'),
    role_id: bodyId,
  }),
  response: invitation,
});

export const listInvitations = defineCall({
  auth: 'session',
  permission: Permission.USER_VIEW,
  id: 'listInvitations',
  method: 'GET',
  path: '/team/invitations',
  summary: 'Invitations sent by the caller’s team (invites and main-account transfers), newest first',
  query: invitationListQuery,
  response: pageOf(invitation),
});

export const cancelInvitation = defineCall({
  auth: 'session',
  permission: Permission.USER_INVITE,
  id: 'cancelInvitation',
  method: 'POST',
  path: '/team/invitations/:id/cancel',
  summary:
    'Cancel a pending invitation of the team; the invitee gets billing message 7 (1003 unknown or no longer pending, with data.status; a transfer only by the main account, else 1002)',
  params: idParams,
  response: invitation,
});

export const transferMain = defineCall({
  auth: 'session',
  permission: Permission.USER_INVITE,
  id: 'transferMain',
  method: 'POST',
  path: '/team/transfer',
  summary:
    'Main account only (else 1002): offer the main account to a member by invitation (billing message 9). On acceptance the member becomes main and the old main a sub-account with a role holding every permission. A pending offer is replaced',
  body: z.object({ member_id: bodyId }),
  response: invitation,
});

export const listReceivedInvitations = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'listReceivedInvitations',
  method: 'GET',
  path: '/msg/team/invation',
  summary: 'Invitations addressed to the signed-in account (any team), newest first',
  query: invitationListQuery,
  response: pageOf(invitation),
});

export const checkInvitation = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'checkInvitation',
  method: 'POST',
  path: '/team/invitation/confirm/check',
  summary:
    'Before answering: the invitation is pending and addressed to the caller (1003, with data.status when answered), and the caller may accept it (1078, 1069, 1071 for a transfer to a former member); returns inviter, team and role',
  body: invitationRef,
  response: invitation,
});

export const confirmInvitation = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'confirmInvitation',
  method: 'POST',
  path: '/team/invitation/confirm',
  summary:
    'Accept or reject an invitation. Accepting an invite moves the caller into the team as a sub-account with the role (its own empty team is dropped); accepting a transfer makes the caller main. Refusals as in the check',
  body: invitationAnswer,
  response: invitation,
});

/** Calls of the invitee: any signed-in account may make them (the rules are in the service). */
export const inviteeCalls = [listReceivedInvitations, checkInvitation, confirmInvitation] as const;

export const teamCalls = [
  listMembers,
  changeMemberRole,
  removeMember,
  createInvitation,
  listInvitations,
  cancelInvitation,
  transferMain,
  ...inviteeCalls,
] as const;
