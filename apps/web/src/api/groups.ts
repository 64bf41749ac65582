/** Typed device-group calls: the tree, add, rename / move, delete (1032 while devices are inside). */
import {
  createGroup as createDef,
  deleteGroup as deleteDef,
  listGroups as listDef,
  updateGroup as updateDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body } from './types';

export const listGroups = (options?: CallOptions) => call(listDef, {}, options);

export const createGroup = (body: Body<typeof createDef>, options?: CallOptions) =>
  call(createDef, { body }, options);

export const updateGroup = (id: number, body: Body<typeof updateDef>, options?: CallOptions) =>
  call(updateDef, { params: { id }, body }, options);

export const deleteGroup = (id: number, options?: CallOptions) =>
  call(deleteDef, { params: { id } }, options);
