import { z } from 'zod';
import { defineCall } from '../call';
import type { GroupNode } from '../group-tree';
import { Permission } from '../permissions';
import { checkGroupName } from '../validators';
import { bodyId, checkedName, idParams } from '../zod-helpers';

export const groupRow = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
});
export type GroupRowOut = z.infer<typeof groupRow>;

export const groupNode: z.ZodType<GroupNode> = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  title: z.string(),
  key: z.string(),
  level: z.number().int(),
  parent_name: z.string(),
  get children() {
    return z.array(groupNode);
  },
  device_count: z.number().int(),
});

/** Checked as typed (a blank name is `whitespace`), stored trimmed: names are unique among siblings. */
const groupName = checkedName(checkGroupName).overwrite((name) => name.trim());

export const listGroups = defineCall({
  auth: 'session',
  permission: Permission.GROUP_VIEW,
  id: 'listGroups',
  method: 'GET',
  path: '/groups',
  summary: 'The device-group tree of the team (for a sub-account: the granted groups and their sub-groups)',
  response: z.array(groupNode),
});

export const createGroup = defineCall({
  auth: 'session',
  permission: Permission.GROUP_ADD,
  id: 'createGroup',
  method: 'POST',
  path: '/groups',
  summary: 'Create a group, top level or under `parent_id` (1027 unknown parent, 1083 name exists)',
  body: z.object({ name: groupName, parent_id: bodyId.nullable().default(null) }),
  response: groupRow,
});

export const updateGroup = defineCall({
  auth: 'session',
  permission: Permission.GROUP_EDIT,
  id: 'updateGroup',
  method: 'PUT',
  path: '/groups/:id',
  summary: 'Rename and/or move a group (`parent_id` null: top level; 1027 under itself or a descendant)',
  params: idParams,
  body: z.object({ name: groupName.optional(), parent_id: bodyId.nullable().optional() }),
  response: groupRow,
});

export const deleteGroup = defineCall({
  auth: 'session',
  permission: Permission.GROUP_DELETE,
  id: 'deleteGroup',
  method: 'DELETE',
  path: '/groups/:id',
  summary: 'Delete a group with its sub-groups; refused (1032) while any of them holds devices',
  params: idParams,
  response: z.object({ ids: z.array(z.number().int()) }),
});

export const groupCalls = [listGroups, createGroup, updateGroup, deleteGroup] as const;
