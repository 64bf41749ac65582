import { z } from 'zod';
import { defineCall } from '../call';
import { Permission } from '../permissions';
import { bodyId, idParams, pageOf, pageQuery, requiredText, typeError } from '../zod-helpers';

export const PROJECT_NAME_MAX = 50;
export const PROJECT_DEVICES_MAX = 500;

export const projectDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  sn: z.string(),
  model: z.string(),
  online: z.number().int(),
});

export const project = z.object({
  id: z.number().int(),
  name: z.string(),
  device_count: z.number().int(),
  devices: z.array(projectDevice),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  /** Put out of service by billing, like templates: readable, not editable (1033). Always sent. */
  expired: z.boolean().optional(),
});
export type Project = z.infer<typeof project>;

const deviceIds = z.array(bodyId, typeError).max(PROJECT_DEVICES_MAX, 'tooLong');

export const listProjects = defineCall({
  auth: 'session',
  permission: Permission.PROJECT_VIEW,
  id: 'listProjects',
  method: 'GET',
  path: '/projects',
  summary: 'Projects (multiple-device configurations) the caller may see, newest first, keyword on the name',
  query: pageQuery.extend({ keyword: z.string(typeError).trim().max(100, 'tooLong').optional() }),
  response: pageOf(project),
});

export const createProject = defineCall({
  auth: 'session',
  permission: Permission.PROJECT_ADD,
  id: 'createProject',
  method: 'POST',
  path: '/projects',
  summary:
    'Create a project with member devices (1086 name exists, 1003 a device that is not the caller’s, 1033 the team is at its project allowance, the same number as template_max_num)',
  body: z.object({ name: requiredText(PROJECT_NAME_MAX), device_ids: deviceIds.default([]) }),
  response: project,
});

export const getProject = defineCall({
  auth: 'session',
  permission: Permission.PROJECT_VIEW,
  id: 'getProject',
  method: 'GET',
  path: '/projects/:id',
  summary: 'One project with its member devices',
  params: idParams,
  response: project,
});

export const updateProject = defineCall({
  auth: 'session',
  permission: Permission.PROJECT_EDIT,
  id: 'updateProject',
  method: 'PUT',
  path: '/projects/:id',
  summary: 'Rename a project and/or replace its member devices (1086, 1003)',
  params: idParams,
  body: z.object({ name: requiredText(PROJECT_NAME_MAX).optional(), device_ids: deviceIds.optional() }),
  response: project,
});

export const deleteProject = defineCall({
  auth: 'session',
  permission: Permission.PROJECT_DELETE,
  id: 'deleteProject',
  method: 'DELETE',
  path: '/projects/:id',
  summary: 'Delete a project (its devices stay bound)',
  params: idParams,
  response: z.null(),
});

export const projectCalls = [listProjects, createProject, getProject, updateProject, deleteProject] as const;
