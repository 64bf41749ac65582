import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { bodyId, idParams, typeError } from '../zod-helpers';

const ids = z.array(bodyId, typeError).max(1000, 'tooLong');

export const dataPermissions = z.object({
  group_ids: z.array(z.number().int()),
  template_ids: z.array(z.number().int()),
  project_ids: z.array(z.number().int()),
});
export type DataPermissions = z.infer<typeof dataPermissions>;

export const getDataPermissions = defineCall({
  auth: 'session',
  permission: Permission.USER_DATA_PERMISSION,
  id: 'getDataPermissions',
  method: 'GET',
  path: '/team/members/:id/data-permissions',
  summary: 'Groups, templates and projects granted to a sub-account (as far as the caller may see them)',
  params: idParams,
  response: dataPermissions,
});

export const putDataPermissions = defineCall({
  auth: 'session',
  permission: Permission.USER_DATA_PERMISSION,
  id: 'putDataPermissions',
  method: 'PUT',
  path: '/team/members/:id/data-permissions',
  summary:
    'Replace the grants of a sub-account per kind given; each kind also needs its assign id (group_ids 37, template_ids 36, project_ids 41, else 1002). A granted group includes its sub-groups. 1027/1029/1003 for an unknown group/template/project',
  params: idParams,
  body: z.object({ group_ids: ids.optional(), template_ids: ids.optional(), project_ids: ids.optional() }),
  response: dataPermissions,
});

export const dataPermissionCalls = [getDataPermissions, putDataPermissions] as const;
