import { DeviceGroupPage } from '../../features/device/DeviceGroupPage';
import { DeviceListPage } from '../../features/device/DeviceListPage';
import { ProjectListPage } from '../../features/device/ProjectListPage';
import { TemplateListPage } from '../../features/device/TemplateListPage';
import { area } from './area';

export const DeviceRoutes = area('device', [
  ['devicelist', 'menu.devicelist', <DeviceListPage />],
  ['devicegroup', 'menu.devicegroup', <DeviceGroupPage />],
  ['templatelist', 'menu.templatelist', <TemplateListPage />],
  ['projectlist', 'menu.projectlist', <ProjectListPage />],
]);
