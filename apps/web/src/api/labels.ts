/** Typed team-label calls (1-50 characters, unique, at most 50 per team). */
import {
  createLabel as createDef,
  deleteLabel as deleteDef,
  listLabels as listDef,
  updateLabel as updateDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';

export const listLabels = (options?: CallOptions) => call(listDef, {}, options);

export const createLabel = (name: string, options?: CallOptions) =>
  call(createDef, { body: { name } }, options);

export const renameLabel = (id: number, name: string, options?: CallOptions) =>
  call(updateDef, { params: { id }, body: { name } }, options);

export const deleteLabel = (id: number, options?: CallOptions) =>
  call(deleteDef, { params: { id } }, options);
