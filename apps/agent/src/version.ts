import { createRequire } from 'node:module';

/** This agent's version (apps/agent/package.json), reported in its state as `agent`. */
export const AGENT_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string })
  .version;
