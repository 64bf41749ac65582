/** The screen editor's calls: save with a version check, and the saved versions (list, read, restore). */
import {
  getScreenVersion as getVersionDef,
  listScreenVersions as listVersionsDef,
  restoreScreenVersion as restoreDef,
  updateScreen as updateDef,
  type ScreenDocument,
} from '@hmi/contract';
import { call, type CallOptions } from './client';

/** Saves `document` as the next version if the screen is still at `version` (1210 otherwise). */
export const saveScreenDocument = (
  id: number,
  document: ScreenDocument,
  version: number,
  options?: CallOptions,
) => call(updateDef, { params: { id }, body: { document, version } }, options);

export const listScreenVersions = (id: number, options?: CallOptions) =>
  call(listVersionsDef, { params: { id } }, options);

export const getScreenVersion = (id: number, version: number, options?: CallOptions) =>
  call(getVersionDef, { params: { id, version } }, options);

export const restoreScreenVersion = (id: number, version: number, current: number, options?: CallOptions) =>
  call(restoreDef, { params: { id, version }, body: { version: current } }, options);
