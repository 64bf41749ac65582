/** The face of the templates module: what the app and other modules may use of it. */
export { installTemplates } from './install';
export type { TemplateHooks, TemplateService } from './service';
