/** The face of the pass-through module: what the app may use of it. */
export { installPassthrough, type PassthroughDeps } from './install';
