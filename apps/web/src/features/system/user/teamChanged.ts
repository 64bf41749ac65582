import type { Invalidation } from '../../../api/callQuery';

/** What a change to the team makes stale: its members and the invitations it sent. */
export const teamChanged: readonly Invalidation[] = [{ pathPrefix: '/team' }];
