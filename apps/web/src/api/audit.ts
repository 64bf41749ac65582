/** Typed audit-log calls (main account only): the list and its .xlsx export. */
import { exportAudit as exportDef, listAudit as listDef, type Locale } from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Query } from './types';

export type AuditQuery = Query<typeof listDef>;
export type AuditFilter = Omit<AuditQuery, 'page' | 'pageSize'>;

export const listAudit = (query: AuditQuery, options?: CallOptions) => call(listDef, { query }, options);

/** The filtered log as .xlsx, times in the zone `timezone` hours from UTC, headings in `locale`. */
export const exportAudit = (filter: AuditFilter, timezone: number, locale: Locale, options?: CallOptions) =>
  call(exportDef, { query: { ...filter, timezone, locale } }, options);
