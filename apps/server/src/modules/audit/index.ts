/** The face of the audit module: what the app and other modules may use of it. */
export { installAudit } from './install';
