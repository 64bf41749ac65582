/** The face of the team module: what the app and other modules may use of it. */
export { installTeam } from './install';
