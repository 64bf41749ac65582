import type { RouteObject } from 'react-router';
import { Permission } from '@hmi/contract';
import type { RouteHandle } from '../title';
import { RequirePermission } from '../guard';
import { area } from './area';
import { lazyNamed, Loaded, page } from './lazy';

const DeviceListPage = lazyNamed(() =>
  import('../../features/device/devicelist/DeviceListPage').then((m) => m.DeviceListPage),
);
const DeviceGroupPage = lazyNamed(() =>
  import('../../features/device/devicegroup/DeviceGroupPage').then((m) => m.DeviceGroupPage),
);
const TemplateListPage = lazyNamed(() =>
  import('../../features/device/templatelist/TemplateListPage').then((m) => m.TemplateListPage),
);
const ProjectListPage = lazyNamed(() =>
  import('../../features/device/projectlist/ProjectListPage').then((m) => m.ProjectListPage),
);
const AlarmRecordsPage = lazyNamed(() =>
  import('../../features/alarm/records/AlarmRecordsPage').then((m) => m.AlarmRecordsPage),
);
const DeviceDetailPage = lazyNamed(() =>
  import('../../features/device/detail/DeviceDetailPage').then((m) => m.DeviceDetailPage),
);

const deviceArea = area('device', [
  ['devicelist', 'menu.devicelist', page(DeviceListPage)],
  ['devicegroup', 'menu.devicegroup', page(DeviceGroupPage)],
  ['templatelist', 'menu.templatelist', page(TemplateListPage)],
  ['projectlist', 'menu.projectlist', page(ProjectListPage)],
  ['alarmrecords', 'menu.alarmrecords', page(AlarmRecordsPage)],
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
          <Loaded>
            <DeviceDetailPage />
          </Loaded>
        </RequirePermission>
      ),
      handle: { titleKey: 'menu.deviceDetail' } satisfies RouteHandle,
    },
  ],
};
