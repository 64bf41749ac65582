/** The face of the screens module: what the app and other modules may use of it. */
export { installScreens } from './install';
export type { ScreenService } from './service';
