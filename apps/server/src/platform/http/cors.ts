import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export function allowedOrigins(config: Config): Set<string> {
  const out = new Set<string>();
  const add = (u: string) => {
    try {
      out.add(new URL(u).origin);
    } catch {
      // not a URL; config has checked these already
    }
  };
  add(config.publicUrl);
  for (const u of Object.values(config.dataCenterUrls)) add(u);
  add(`http://localhost:${config.port}`);
  add(`http://127.0.0.1:${config.port}`);
  return out;
}

/** CORS for `/v1`: listed origins only, with credentials and the authorization header. */
export function installCors(app: FastifyInstance, config: Config): void {
  const origins = allowedOrigins(config);
  // Callback style: an async hook costs promises on every request. A preflight is answered here
  // (and `done` not called, as Fastify wants of a hook that replies).
  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (!req.url.startsWith('/v1') || !origin || !origins.has(origin)) return done();
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('vary', 'Origin');
    reply.header('access-control-expose-headers', 'retry-after, x-request-id');
    if (req.method !== 'OPTIONS') return done();
    reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS');
    reply.header('access-control-allow-headers', 'authorization, content-type, x-request-id');
    reply.header('access-control-max-age', '600');
    void reply.code(204).send();
  });
  // Preflights reach the hook above through this route (unknown paths would 404 first otherwise).
  app.options('/v1/*', async (_req, reply) => reply.code(204).send());
}
