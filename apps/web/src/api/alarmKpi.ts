/**
 * Typed alarm performance calls (issue 26): the .xlsx export of a range's figures (the figures
 * themselves load through the query cache).
 */
import { exportAlarmKpi as exportDef, type getAlarmKpi as getDef } from '@hmi/contract';
import { call, type CallOptions } from './client';
import type { Query } from './types';

export type AlarmKpiQuery = Query<typeof getDef>;

export const exportAlarmKpi = (
  query: AlarmKpiQuery,
  timezone: number,
  locale: Query<typeof exportDef>['locale'],
  options?: CallOptions,
) => call(exportDef, { query: { ...query, timezone, locale } }, options);
