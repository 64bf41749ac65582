/** The face of the alarm-rules module: what the app and other modules may use of it. */
export { installAlarmRules } from './install';
