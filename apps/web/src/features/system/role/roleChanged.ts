import type { Invalidation } from '../../../api/callQuery';

/** What a role change makes stale: the roles (and their options), and the members showing role names. */
export const roleChanged: readonly Invalidation[] = [{ pathPrefix: '/roles' }, { pathPrefix: '/team' }];
