import { ProfilePage } from '../../features/system/ProfilePage';
import { RolePage } from '../../features/system/role/RolePage';
import { SafeZonePage } from '../../features/system/safeZone/SafeZonePage';
import { UserPage } from '../../features/system/user/UserPage';
import { area } from './area';

export const SystemRoutes = area('system', [
  ['profile', 'menu.profile', <ProfilePage />],
  ['user', 'menu.user', <UserPage />],
  ['role', 'menu.role', <RolePage />],
  ['safeZone', 'menu.safeZone', <SafeZonePage />],
]);
