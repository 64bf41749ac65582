/**
 * The self-contained gateway (issue 24): apps/agent's CLI bundled by esbuild into one ES module that
 * needs only Node 20 (`dist/gateway/hmi-gateway.mjs`), with SQLite's native addon beside it (a native
 * addon cannot live inside JavaScript; build on, or for, the box's architecture) and the systemd unit.
 *
 *   node scripts/build-gateway.mjs [--out DIR]
 *
 * `--out` builds elsewhere than dist/gateway: tests give each test file its own folder, since test files
 * running side by side once rebuilt the one shared folder under each other's gateways.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SERIAL_BINDING = '@serialport/bindings-cpp';

/** Copies a package and what it needs at run time (hoisted in the repo's node_modules) beside the bundle. */
function copyPackage(name, into, seen = new Set()) {
  if (seen.has(name)) return;
  seen.add(name);
  const from = join(root, 'node_modules', name);
  if (!existsSync(from)) throw new Error(`${name} is not installed`);
  cpSync(from, join(into, 'node_modules', name), { recursive: true, dereference: true });
  const { dependencies = {} } = JSON.parse(readFileSync(join(from, 'package.json'), 'utf8'));
  // node-addon-api only builds the addon from source; the prebuilt one needs nothing of it.
  for (const dep of Object.keys(dependencies)) if (dep !== 'node-addon-api') copyPackage(dep, into, seen);
}
const outAt = process.argv.indexOf('--out');
const out = outAt > 0 && process.argv[outAt + 1] ? process.argv[outAt + 1] : join(root, 'dist', 'gateway');
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
  // ws's optional speed-ups (it works without them); an optional peer of node-opcua's lock helper; the
  // serial port's native binding, which finds its prebuilt addon beside its own package (copied below).
  external: ['bufferutil', 'utf-8-validate', 'proper-lockfile', SERIAL_BINDING],
  logLevel: 'warning',
});
copyFileSync(
  join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
  join(out, 'better_sqlite3.node'),
);
copyPackage(SERIAL_BINDING, out);
copyFileSync(join(root, 'apps/agent/install/hmi-gateway.service'), join(out, 'hmi-gateway.service'));
console.error(
  `gateway bundle in ${out}: hmi-gateway.mjs, better_sqlite3.node, node_modules/${SERIAL_BINDING}, hmi-gateway.service`,
);
