import { getDeviceBilling } from '@hmi/contract';
import type { Invalidation } from '../../api/callQuery';

/**
 * What a billing change (activation, allocation) makes stale: the team's figures, cards, allocations
 * and recharges, and every device's billing.
 */
export const billingChanged: readonly Invalidation[] = [{ pathPrefix: '/billing' }, getDeviceBilling];
