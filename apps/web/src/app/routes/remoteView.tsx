import type { RouteObject } from 'react-router';
import { Permission } from '@hmi/contract';
import { RequirePermission } from '../guard';
import type { RouteHandle } from '../title';
import { lazyNamed, Loaded } from './lazy';

const RemoteViewPage = lazyNamed(() =>
  import('../../pages/device/RemoteViewPage').then((m) => m.RemoteViewPage),
);

/** The remote view of a device's HMI under the device list: outside the menu, it needs id 6 (HMI). */
export const remoteViewRoute: RouteObject = {
  path: 'devicelist/:id/remote',
  element: (
    <RequirePermission id={Permission.DEVICE_HMI}>
      <Loaded>
        <RemoteViewPage />
      </Loaded>
    </RequirePermission>
  ),
  handle: { titleKey: 'remote.title' } satisfies RouteHandle,
};
