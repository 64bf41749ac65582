/** The face of the zones module: what the app and other modules may use of it. */
export { installZones } from './install';
export type { ZoneService } from './service';
