/** The face of the live module: what the app and other modules may use of it. */
export { installLive, type LiveDeps } from './install';
