/** Typed role calls: list, options (id and name), add, edit, delete (1002 `roleInUse` while members hold it). */
import {
  createRole as createDef,
  deleteRole as deleteDef,
  listRoleOptions as optionsDef,
  listRoles as listDef,
  updateRole as updateDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type RoleQuery = Query<typeof listDef>;

export const listRoles = (query: RoleQuery, options?: CallOptions) => call(listDef, { query }, options);

export const listRoleOptions = (options?: CallOptions) => call(optionsDef, {}, options);

export const createRole = (body: Body<typeof createDef>, options?: CallOptions) =>
  call(createDef, { body }, options);

export const updateRole = (id: number, body: Body<typeof updateDef>, options?: CallOptions) =>
  call(updateDef, { params: { id }, body }, options);

export const deleteRole = (id: number, options?: CallOptions) => call(deleteDef, { params: { id } }, options);
