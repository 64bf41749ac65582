import { z } from 'zod';
import { defineCall } from '../call';
import { isPermissionId, Permission } from '../permissions';
import { checkRoleName } from '../validators';
import { bodyId, checkedName, idParams, pageOf, pageQuery, typeError } from '../zod-helpers';

export const zoneRef = z.object({ id: z.number().int(), name: z.string() });

export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Normalised: each area's view first, areas in the spec's order. */
  permissions: z.array(z.number().int()),
  zone_ids: z.array(z.number().int()),
  zones: z.array(zoneRef),
  member_count: z.number().int(),
  /** Pending invitations offering the role; like members, they keep it from being deleted. */
  invitation_count: z.number().int(),
  created_at: z.number().int(),
});
export type Role = z.infer<typeof role>;

/**
 * Picked permission ids: at least one (`required`), every one known (`unknownId`). The server
 * normalises them with withViewFirst, so picking any id of an area brings its view.
 */
export const rolePermissions = z
  .array(z.number(typeError).int('integer'), typeError)
  .min(1, 'required')
  .max(100, 'tooLong')
  .superRefine((ids, ctx) => {
    ids.forEach((id, i) => {
      if (!isPermissionId(id)) ctx.addIssue({ code: 'custom', path: [i], message: 'unknownId' });
    });
  });

const zoneIds = z.array(bodyId, typeError).max(20, 'tooLong');

export const listRoles = defineCall({
  auth: 'session',
  permission: Permission.ROLE_VIEW,
  id: 'listRoles',
  method: 'GET',
  path: '/roles',
  summary: 'Roles of the caller’s team with their permissions, zones and member counts, oldest first',
  query: pageQuery.extend({ keyword: z.string(typeError).trim().max(100, 'tooLong').optional() }),
  response: pageOf(role),
});

export const roleOption = z.object({ id: z.number().int(), name: z.string() });
export type RoleOption = z.infer<typeof roleOption>;

export const listRoleOptions = defineCall({
  auth: 'session',
  permission: { anyOf: [Permission.USER_INVITE, Permission.USER_CHANGE_ROLE, Permission.ROLE_VIEW] },
  id: 'listRoleOptions',
  method: 'GET',
  path: '/roles/options',
  summary:
    'Id and name of every role of the caller’s team, oldest first, for the role pickers of inviting (25) and changing a member’s role (26); also with role view (28)',
  response: z.array(roleOption),
});

export const createRole = defineCall({
  auth: 'session',
  permission: Permission.ROLE_ADD,
  id: 'createRole',
  method: 'POST',
  path: '/roles',
  summary:
    'Add a role: name required, at most 10 characters, unique in the team (1063); permissions picked (normalised view first); zones of the team (1003 unknown). A sub-account grants only ids it holds (1002)',
  body: z.object({
    name: checkedName(checkRoleName),
    permissions: rolePermissions,
    zone_ids: zoneIds.default([]),
  }),
  response: role,
});

export const updateRole = defineCall({
  auth: 'session',
  permission: Permission.ROLE_EDIT,
  id: 'updateRole',
  method: 'PUT',
  path: '/roles/:id',
  summary:
    'Edit a role (absent fields kept; 1063, 1003). Members get the new rights on their next request. A sub-account may not edit its own role nor grant ids it does not hold (1002)',
  params: idParams,
  body: z.object({
    name: checkedName(checkRoleName).optional(),
    permissions: rolePermissions.optional(),
    zone_ids: zoneIds.optional(),
  }),
  response: role,
});

export const deleteRole = defineCall({
  auth: 'session',
  permission: Permission.ROLE_DELETE,
  id: 'deleteRole',
  method: 'DELETE',
  path: '/roles/:id',
  summary:
    'Delete a role; refused with 1002 (data.reason `roleInUse`, with members and invitations counts) while members hold it or pending invitations offer it',
  params: idParams,
  response: z.null(),
});

export const roleCalls = [listRoles, listRoleOptions, createRole, updateRole, deleteRole] as const;
