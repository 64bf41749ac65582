import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

interface RequestContext {
  /** The client's address as the server sees it (TRUST_PROXY applied). */
  ip: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/**
 * Keeps the current request's client address reachable from whatever its handler calls, so a service
 * deep below a route (the audit log's "from which address") needs no extra parameter for it. The
 * handler and the hooks after this one run inside the context.
 */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    storage.run({ ip: req.ip }, done);
  });
}

/** The client address of the request being handled; undefined outside a request (jobs, MQTT). */
export function requestAddress(): string | undefined {
  return storage.getStore()?.ip;
}
