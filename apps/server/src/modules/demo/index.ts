/** The face of the demo module: what the app and other modules may use of it. */
export { installDemo, type Demo } from './install';
