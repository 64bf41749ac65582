/**
 * Builds the server for `npm start`: `src/main.ts` bundled with the workspace packages it imports
 * (the contract and the agent's simulator are TypeScript sources) into `dist/main.js`, and the SQLite
 * writer thread into `dist/sqlite-writer-thread.js`, so the
 * process runs plain JavaScript with no loader. npm packages stay external, resolved from
 * node_modules at run time (better-sqlite3 is native). `npm run dev` keeps running the sources.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

const serverDir = join(import.meta.dirname, '..');
const outdir = join(serverDir, 'dist');

/** Bare imports other than our workspace packages (`@hmi/*`) are left to node. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hmi/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  // The SQLite writer runs on a thread of its own, started from its own file (platform/db/sqlite-writer.ts).
  entryPoints: {
    main: join(serverDir, 'src/main.ts'),
    'sqlite-writer-thread': join(serverDir, 'src/platform/db/sqlite-writer-thread.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [npmPackagesExternal],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
process.stdout.write(`server built into ${outdir} (${(bytes / 1e6).toFixed(1)} MB with source maps)\n`);
