/** The face of the projects module: what the app and other modules may use of it. */
export { installProjects } from './install';
export type { ProjectService } from './service';
