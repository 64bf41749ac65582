import { ProfilePage } from '../../features/system/ProfilePage';
import { RolePage } from '../../features/system/RolePage';
import { SafeZonePage } from '../../features/system/SafeZonePage';
import { UserPage } from '../../features/system/UserPage';
import { area } from './area';

export const SystemRoutes = area('system', [
  ['profile', 'menu.profile', <ProfilePage />],
  ['user', 'menu.user', <UserPage />],
  ['role', 'menu.role', <RolePage />],
  ['safeZone', 'menu.safeZone', <SafeZonePage />],
]);
