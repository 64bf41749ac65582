/** Typed connectivity calls: TAGs with latest values, history, TAG write, commands, sync. */
import {
  deviceHistory as historyDef,
  deviceHistoryExport as historyExportDef,
  deviceTags as tagsDef,
  getCommand as commandDef,
  syncDevice as syncDef,
  writeTag as writeDef,
} from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Query } from './types';

export type HistoryQuery = Query<typeof historyDef>;

export const getDeviceTags = (id: number, options?: CallOptions) =>
  call(tagsDef, { params: { id } }, options);

export const getDeviceHistory = (id: number, query: HistoryQuery, options?: CallOptions) =>
  call(historyDef, { params: { id }, query }, options);

export type HistoryExportQuery = Query<typeof historyExportDef>;

export const getDeviceHistoryExport = (id: number, query: HistoryExportQuery, options?: CallOptions) =>
  call(historyExportDef, { params: { id }, query }, options);

export const writeTag = (id: number, tagId: number, value: string, options?: CallOptions) =>
  call(writeDef, { params: { id, tagId }, body: { value } }, options);

export const getCommand = (id: number, cmdId: string, options?: CallOptions) =>
  call(commandDef, { params: { id, cmdId } }, options);

export const syncDevice = (id: number, options?: CallOptions) => call(syncDef, { params: { id } }, options);
