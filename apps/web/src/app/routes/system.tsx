import { area } from './area';
import { lazyNamed, page } from './lazy';

const ProfilePage = lazyNamed(() => import('../../features/system/ProfilePage').then((m) => m.ProfilePage));
const UserPage = lazyNamed(() => import('../../features/system/user/UserPage').then((m) => m.UserPage));
const RolePage = lazyNamed(() => import('../../features/system/role/RolePage').then((m) => m.RolePage));
const SafeZonePage = lazyNamed(() =>
  import('../../features/system/safeZone/SafeZonePage').then((m) => m.SafeZonePage),
);

export const SystemRoutes = area('system', [
  ['profile', 'menu.profile', page(ProfilePage)],
  ['user', 'menu.user', page(UserPage)],
  ['role', 'menu.role', page(RolePage)],
  ['safeZone', 'menu.safeZone', page(SafeZonePage)],
]);
