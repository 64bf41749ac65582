/**
 * What a change of alarm records makes stale: the record lists (every filter), the alarm messages
 * they raise, and the dashboard's warnings.
 */
import { getDashboard, listAlarmMessages } from '@hmi/contract';
import type { Invalidation } from '../../api/callQuery';

export const ALARMS_CHANGED: readonly Invalidation[] = [
  { pathPrefix: '/alarms' },
  listAlarmMessages,
  getDashboard,
];
