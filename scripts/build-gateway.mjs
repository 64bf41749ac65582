/**
 * The self-contained gateway (issue 24): apps/agent's CLI bundled by esbuild into one ES module that
 * needs only Node 20 (`dist/gateway/hmi-gateway.mjs`), with SQLite's native addon beside it (a native
 * addon cannot live inside JavaScript; build on, or for, the box's architecture) and the systemd unit.
 *
 *   node scripts/build-gateway.mjs
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'gateway');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'apps/agent/src/cli.ts')],
  outfile: join(out, 'hmi-gateway.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // CommonJS dependencies (mqtt's, better-sqlite3's) call require: give the module one.
  banner: {
    js: "import { createRequire as __hmiRequire } from 'node:module'; const require = __hmiRequire(import.meta.url);",
  },
  // ws's optional speed-ups; it works without them.
  external: ['bufferutil', 'utf-8-validate'],
  logLevel: 'warning',
});
copyFileSync(
  join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
  join(out, 'better_sqlite3.node'),
);
copyFileSync(join(root, 'apps/agent/install/hmi-gateway.service'), join(out, 'hmi-gateway.service'));
console.error(`gateway bundle in ${out}: hmi-gateway.mjs, better_sqlite3.node, hmi-gateway.service`);
