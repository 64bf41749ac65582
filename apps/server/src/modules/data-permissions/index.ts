/** The face of the data-permissions module: what the app and other modules may use of it. */
export { installDataPermissions } from './install';
export { canSeeDevice, canSeeProject, canSeeTemplate, type Scope } from './scope';
export { DataPermissionService } from './service';
