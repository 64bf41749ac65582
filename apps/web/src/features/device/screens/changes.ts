/**
 * What a change of configuration screens makes stale: the screens of a template or a project (the
 * drawer), a device's screens (its template's, in the viewer) and each screen with its versions.
 */
import { listDeviceScreens, listProjectScreens, listTemplateScreens } from '@hmi/contract';
import type { Invalidation } from '../../../api/callQuery';

export const SCREENS_CHANGED: readonly Invalidation[] = [
  listTemplateScreens,
  listProjectScreens,
  listDeviceScreens,
  { pathPrefix: '/screens' },
];
