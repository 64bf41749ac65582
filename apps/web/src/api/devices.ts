/** Typed device calls: list with filters, bind by SN + PIN, detail, edit, unbind. */
import {
  bindDevice as bindDef,
  getDevice as getDef,
  listDevices as listDef,
  unbindDevice as unbindDef,
  updateDevice as updateDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Body, Query } from './types';

export type DeviceQuery = Query<typeof listDef>;

export const listDevices = (query: DeviceQuery, options?: CallOptions) => call(listDef, { query }, options);

export const bindDevice = (body: Body<typeof bindDef>, options?: CallOptions) =>
  call(bindDef, { body }, options);

export const getDevice = (id: number, options?: CallOptions) => call(getDef, { params: { id } }, options);

export const updateDevice = (id: number, body: Body<typeof updateDef>, options?: CallOptions) =>
  call(updateDef, { params: { id }, body }, options);

export const unbindDevice = (id: number, options?: CallOptions) =>
  call(unbindDef, { params: { id } }, options);
