/** The face of the remote module: what the app and other modules may use of it. */
export { installRemote, type RemoteDeps } from './install';
/** The device ports the engineering pass-through shares (modules/passthrough). */
export type { RemoteDevice, RemotePorts } from './service';
