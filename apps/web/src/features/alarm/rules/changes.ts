/**
 * What a change of a template's alarm rules or groups makes stale: the rule lists (every page and
 * filter, and the record filters' full rule lists) and the groups with their rule counts.
 */
import { listAlarmGroups, listAlarmRules } from '@hmi/contract';
import type { Invalidation } from '../../../api/callQuery';

export const RULES_CHANGED: readonly Invalidation[] = [listAlarmRules, listAlarmGroups];
