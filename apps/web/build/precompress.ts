/**
 * Vite plugin: after the build, writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text
 * file of the output worth compressing, so the server sends them as they are (`preCompressed` of
 * @fastify/static) instead of compressing on each request or sending them raw.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;
/** Files compressed at once: brotli at its best quality is CPU-bound, the machine has few cores. */
const PARALLEL = 4;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])),
  );
  return nested.flat();
}

async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzipAsync(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is left out; the server then sends the file itself.
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
}

/** The files of `dir` that get compressed copies. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  return files.filter((_, i) => (sizes[i] ?? 0) >= MIN_BYTES);
}

export async function precompressDir(dir: string): Promise<number> {
  const queue = await compressibleFiles(dir);
  const total = queue.length;
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) await compressFile(file);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return total;
}

export function precompress(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'hmi-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (!config) return;
      const outDir = resolve(config.root, config.build.outDir);
      const count = await precompressDir(outDir);
      config.logger.info(`precompressed ${count} files (.br, .gz)`);
    },
  };
}
