import type { DashboardWarnings } from '@hmi/contract';

/** The dashboard's warnings with nothing to warn of: no active alarm of any level, none unacknowledged. */
export const QUIET_WARNINGS: DashboardWarnings = {
  active_by_level: [1, 2, 4, 8, 16].map((level) => ({ level, count: 0 })),
  unacknowledged: 0,
};
