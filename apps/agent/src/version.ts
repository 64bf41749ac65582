import agentPackage from '../package.json' with { type: 'json' };

/** This agent's version (apps/agent/package.json; bundled into the gateway build), reported as `agent`. */
export const AGENT_VERSION = agentPackage.version;
