/**
 * Typed team calls: members, invitations (sent and received), main-account transfer and the data
 * permissions of a member. Thin wrappers over `call`.
 */
import {
  cancelInvitation as cancelInvitationDef,
  changeMemberRole as changeMemberRoleDef,
  checkInvitation as checkInvitationDef,
  confirmInvitation as confirmInvitationDef,
  createInvitation as createInvitationDef,
  getDataPermissions as getDataPermissionsDef,
  listInvitations as listInvitationsDef,
  listMembers as listMembersDef,
  listReceivedInvitations as listReceivedDef,
  putDataPermissions as putDataPermissionsDef,
  removeMember as removeMemberDef,
  transferMain as transferMainDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type MemberQuery = Query<typeof listMembersDef>;
export type InvitationQuery = Query<typeof listInvitationsDef>;

export const listMembers = (query: MemberQuery, options?: CallOptions) =>
  call(listMembersDef, { query }, options);

export const changeMemberRole = (id: number, roleId: number, options?: CallOptions) =>
  call(changeMemberRoleDef, { params: { id }, body: { role_id: roleId } }, options);

export const removeMember = (id: number, options?: CallOptions) =>
  call(removeMemberDef, { params: { id } }, options);

export const createInvitation = (body: Body<typeof createInvitationDef>, options?: CallOptions) =>
  call(createInvitationDef, { body }, options);

export const listInvitations = (query: InvitationQuery, options?: CallOptions) =>
  call(listInvitationsDef, { query }, options);

export const cancelInvitation = (id: number, options?: CallOptions) =>
  call(cancelInvitationDef, { params: { id } }, options);

/** Offers the main account to a member (main account only). */
export const transferMain = (memberId: number, options?: CallOptions) =>
  call(transferMainDef, { body: { member_id: memberId } }, options);

/** Invitations addressed to the signed-in account (spec's `/msg/team/invation`). */
export const listReceivedInvitations = (query: InvitationQuery, options?: CallOptions) =>
  call(listReceivedDef, { query }, options);

export const checkInvitation = (id: number, options?: CallOptions) =>
  call(checkInvitationDef, { body: { id } }, options);

export const confirmInvitation = (id: number, accept: boolean, options?: CallOptions) =>
  call(confirmInvitationDef, { body: { id, accept } }, options);

export const getDataPermissions = (memberId: number, options?: CallOptions) =>
  call(getDataPermissionsDef, { params: { id: memberId } }, options);

export const putDataPermissions = (
  memberId: number,
  body: Body<typeof putDataPermissionsDef>,
  options?: CallOptions,
) => call(putDataPermissionsDef, { params: { id: memberId }, body }, options);
