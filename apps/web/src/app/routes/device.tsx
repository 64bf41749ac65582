import type { RouteObject } from 'react-router';
import { Permission } from '@hmi/contract';
import type { RouteHandle } from '../title';
import { RequirePermission } from '../guard';
import { DeviceDetailPage } from '../../features/device/detail/DeviceDetailPage';
import { DeviceGroupPage } from '../../features/device/devicegroup/DeviceGroupPage';
import { DeviceListPage } from '../../features/device/devicelist/DeviceListPage';
import { ProjectListPage } from '../../features/device/projectlist/ProjectListPage';
import { TemplateListPage } from '../../features/device/templatelist/TemplateListPage';
import { area } from './area';

const deviceArea = area('device', [
  ['devicelist', 'menu.devicelist', <DeviceListPage />],
  ['devicegroup', 'menu.devicegroup', <DeviceGroupPage />],
  ['templatelist', 'menu.templatelist', <TemplateListPage />],
  ['projectlist', 'menu.projectlist', <ProjectListPage />],
]);

/** The device area, plus the device detail page under the list (outside the menu, needs id 2). */
export const DeviceRoutes: RouteObject = {
  path: deviceArea.path,
  handle: deviceArea.handle,
  children: [
    ...(deviceArea.children ?? []),
    {
      path: 'devicelist/:id',
      element: (
        <RequirePermission id={Permission.DEVICE_VIEW}>
          <DeviceDetailPage />
        </RequirePermission>
      ),
      handle: { titleKey: 'menu.deviceDetail' } satisfies RouteHandle,
    },
  ],
};
