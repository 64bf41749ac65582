/** The face of the groups module: what the app and other modules may use of it. */
export { installGroups } from './install';
