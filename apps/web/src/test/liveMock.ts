/** Stands in for `live/live` (`vi.mock(…, () => import(…/test/liveMock))`); see liveConnection.ts. */
import { testLive } from './liveConnection';

export const live = testLive();
