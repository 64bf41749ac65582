/** The face of the dashboard module: what the app and other modules may use of it. */
export { installDashboard } from './install';
