/** The face of the alarms module: what the app and other modules may use of it. */
export { localTime } from './export';
export { installAlarms } from './install';
