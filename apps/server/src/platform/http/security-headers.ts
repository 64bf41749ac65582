import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { allowedOrigins } from './cors';

/** Two years, the preload lists' minimum is one. */
const HSTS = 'max-age=63072000; includeSubDomains';

/** API answers are data, never a document: nothing may load from them or frame them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Whether a request URL is the API's (`/v1`), not the web app's. */
export const isApiPath = (url: string) => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');

/**
 * The web app's policy. Scripts only from this origin (the built app has no inline script);
 * styles also inline, because antd writes its CSS-in-JS into <style> elements at run time. Calls
 * and sockets go to this origin and the other data centres' (a login may move the session there).
 */
export function appContentSecurityPolicy(config: Config): string {
  const origins = [...allowedOrigins(config)];
  const sockets = origins.map((o) => o.replace(/^http/, 'ws'));
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...origins, ...sockets].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The app policy of each instance (set by installSecurityHeaders). */
const appPolicies = new WeakMap<FastifyInstance, string>();

/**
 * Sets the headers of every answer: CSP, no framing (CSP and the older X-Frame-Options), no MIME
 * sniffing, no referrer. HSTS only when the request reached us over TLS, which behind a proxy
 * Fastify learns from X-Forwarded-Proto of a TRUST_PROXY peer only: sent over plain HTTP it would
 * pin a deployment that has no TLS.
 */
export function applySecurityHeaders(req: FastifyRequest, reply: FastifyReply): void {
  const appPolicy = appPolicies.get(reply.server) ?? API_POLICY;
  reply.header('content-security-policy', isApiPath(req.url) ? API_POLICY : appPolicy);
  reply.header('x-frame-options', 'DENY');
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'no-referrer');
  if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
}

/** Security headers on every answer, app and API, errors and 404s included. */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  appPolicies.set(app, appContentSecurityPolicy(config));
  // Callback style, as the other per-request hooks: an async hook costs promises on every answer.
  app.addHook('onSend', (req, reply, payload, done) => {
    applySecurityHeaders(req, reply);
    done(null, payload);
  });
}
