/** The face of the roles module: what the app and other modules may use of it. */
export { installRoles } from './install';
export { parsePermissionList } from './permissions';
export type { RoleService } from './service';
