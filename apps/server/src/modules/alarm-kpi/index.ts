/** The face of the alarm performance module: what the app and other modules may use of it. */
export { installAlarmKpi } from './install';
