/** The face of the central module: what the app and other modules may use of it. */
export { centreClientFor, regionNoticesFor, serveSignedRole } from './install';
