/** The face of the data-permissions module: what the app and other modules may use of it. */
export { authorize, sees, type ObjectKind } from './authorize';
export { installDataPermissions } from './install';
export type { Scope } from './scope';
export { DataPermissionService } from './service';
