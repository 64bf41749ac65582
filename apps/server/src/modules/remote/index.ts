/** The face of the remote module: what the app and other modules may use of it. */
export { installRemote, type RemoteDeps } from './install';
