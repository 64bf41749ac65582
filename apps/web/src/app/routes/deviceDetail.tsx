import type { RouteObject } from 'react-router';
import { Permission } from '@hmi/contract';
import { RequirePermission } from '../guard';
import type { RouteHandle } from '../title';
import { lazyNamed, Loaded } from './lazy';

const DeviceDetailPage = lazyNamed(() =>
  import('../../pages/device/DeviceDetailPage').then((m) => m.DeviceDetailPage),
);

/** The device detail page under the device list: outside the menu, it needs the device view (id 2). */
export const deviceDetailRoute: RouteObject = {
  path: 'devicelist/:id',
  element: (
    <RequirePermission id={Permission.DEVICE_VIEW}>
      <Loaded>
        <DeviceDetailPage />
      </Loaded>
    </RequirePermission>
  ),
  handle: { titleKey: 'menu.deviceDetail' } satisfies RouteHandle,
};
