/**
 * What a change of devices makes stale, named once for every screen that changes them. A device's
 * name, group, labels or favourite show in the list, its detail, the dashboard's cards and counters,
 * and the device counts of its group and labels.
 */
import { getDashboard, getDevice, listDevices, listGroups, listLabels } from '@hmi/contract';
import type { Invalidation } from '../../../api/callQuery';

export const DEVICES_CHANGED: readonly Invalidation[] = [
  listDevices,
  getDevice,
  getDashboard,
  listGroups,
  listLabels,
];

/** A template's name, tags or rules show in the template list, its drawer and the device pickers. */
export const TEMPLATES_CHANGED: readonly Invalidation[] = [{ pathPrefix: '/templates' }];
