import type { Invalidation } from '../../../api/callQuery';

/** What a zone change makes stale: the zones, and the roles showing the zones they are limited to. */
export const zoneChanged: readonly Invalidation[] = [{ pathPrefix: '/zones' }, { pathPrefix: '/roles' }];
