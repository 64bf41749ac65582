/** Typed security-zone calls: list, add, edit, delete (1002 `zoneInUse` while roles list it). */
import {
  createZone as createDef,
  deleteZone as deleteDef,
  listZones as listDef,
  updateZone as updateDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type ZoneQuery = Query<typeof listDef>;

export const listZones = (query: ZoneQuery, options?: CallOptions) => call(listDef, { query }, options);

export const createZone = (body: Body<typeof createDef>, options?: CallOptions) =>
  call(createDef, { body }, options);

export const updateZone = (id: number, body: Body<typeof updateDef>, options?: CallOptions) =>
  call(updateDef, { params: { id }, body }, options);

export const deleteZone = (id: number, options?: CallOptions) => call(deleteDef, { params: { id } }, options);
