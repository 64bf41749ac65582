/** The face of the labels module: what the app and other modules may use of it. */
export { installLabels } from './install';
export type { LabelService } from './service';
