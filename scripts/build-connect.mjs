/**
 * The engineer's pass-through client (issue 28) as one ES module that needs only Node 20 on Linux,
 * Windows or macOS (no native addon: only ws and the contract are in it), written where the web
 * build publishes it: /downloads/hmi-connect.mjs, offered by /#/appdownload.
 *
 *   node scripts/build-connect.mjs [out-dir]
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv[2] ?? join(root, 'apps/web/public/downloads');
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'apps/agent/src/passthrough/connect-main.ts')],
  outfile: join(out, 'hmi-connect.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __hmiRequire } from 'node:module'; const require = __hmiRequire(import.meta.url);",
  },
  // ws's optional native speed-ups: it works without them.
  external: ['bufferutil', 'utf-8-validate'],
  logLevel: 'warning',
});
console.error(`pass-through client in ${join(out, 'hmi-connect.mjs')}`);
