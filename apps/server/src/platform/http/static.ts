/**
 * The built web app at `/`: the brotli or gzip copy the build wrote beside each file when the browser
 * accepts it, hashed files under `assets/` cached for a year (their names change with their content),
 * everything else (`index.html` first) revalidated on each load so a release is seen at once.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Whether `file` (the one sent, maybe `.br`/`.gz`) is a build output: Vite names those by content hash. */
function isHashedAsset(root: string, file: string): boolean {
  return relative(root, file).split(sep)[0] === 'assets';
}

export async function installWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.get('/', async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(`The web app is not built (${webDist} is missing). Run \`npm run build\`, then reload.\n`),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', isHashedAsset(webDist, file) ? IMMUTABLE : REVALIDATE);
      // The same URL answers in several encodings: caches must key on what the browser accepts.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
