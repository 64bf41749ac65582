/**
 * What the screen frame benches (scada-frames: the viewer, scada-editor-frames: the editor) share:
 * the one bench page (bench/scada, built with Vite from the web app's own code and served from a
 * temporary folder), Debian's Chromium with motion as users get it, and the measure of a run: the
 * page's frame figures (bench/scada/frame-sampler.ts) with the main thread's busy share from CDP and,
 * on demand, its CPU time by trace event.
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { repoRoot } from '@hmi/server/src/test/server-process';
import { launchBrowser } from '../e2e/support/browser';
import { startTrace } from './scada-trace';

/** p95 frame work a smooth screen stays under: one frame at 60 fps. */
export const TARGET_MS = 16;

export interface FrameRow {
  fps: number;
  intervalP95: number;
  workP95: number;
  /** Main-thread busy share over the run (CDP TaskDuration over wall time), 0 to 1. */
  busy: number;
  /**
   * Main-thread CPU time per frame (CDP ThreadTime): what the page costs, which the machine's other
   * work inflates far less than the wall-clock figures.
   */
  cpuPerFrame: number;
}

/** The page's figures (bench/scada/frame-sampler.ts; this file is compiled without the DOM types). */
interface FrameFigures {
  frames: number;
  intervals: number[];
  work: number[];
}

export const p95 = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
};

export const fmt = (n: number, digits = 1) => n.toFixed(digits);

const contentTypes: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\.\.+/g, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    res.setHeader('content-type', contentTypes[extname(file)] ?? 'application/octet-stream');
    createReadStream(file)
      .on('error', () => res.writeHead(404).end())
      .pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    }),
  );
}

/** Opens the bench page with `query` (`page=editor&widgets=50`...) once it is ready to be driven. */
export type OpenPage = (query: string) => Promise<Page>;

/** Builds and serves the bench page and a browser for `run`; removes all of it afterwards. */
export async function withBenchPage<T>(run: (open: OpenPage) => Promise<T>): Promise<T> {
  const outDir = mkdtempSync(join(tmpdir(), 'hmi-screen-bench-'));
  let browser: Browser | null = null;
  let server: Server | null = null;
  try {
    await build({
      configFile: false,
      root: join(repoRoot, 'bench', 'scada'),
      base: './',
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
    });
    const served = await serve(outDir);
    server = served.server;
    const opened = await launchBrowser({ reducedMotion: false });
    browser = opened;
    return await run(async (query) => {
      const page = await opened.newPage({ viewport: { width: 1600, height: 900 } });
      await page.goto(`${served.url}/index.html?${query}`);
      await page.waitForFunction('window.benchReady === true');
      return page;
    });
  } finally {
    await browser?.close();
    server?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Runs the page's `window.bench(ms, x, y)` and measures it. With `trace` (a label), also prints the
 * main thread's CPU time per frame by trace event: thread time, which the machine's other work
 * inflates far less than wall time.
 */
export async function measureFrames(
  page: Page,
  ms: number,
  at: { x: number; y: number } = { x: 0, y: 0 },
  trace?: string,
): Promise<FrameRow> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { task: get('TaskDuration'), thread: get('ThreadTime'), at: get('Timestamp') };
  };
  const stopTrace = trace ? await startTrace(cdp) : null;
  const before = await metric();
  const figures = (await page.evaluate(`window.bench(${ms}, ${at.x}, ${at.y})`)) as FrameFigures;
  const after = await metric();
  if (stopTrace) {
    // Nested events overlap (a task holds its script, style, layout...): read per phase, not summed.
    const phases = [...(await stopTrace()).entries()].sort((a, b) => b[1] - a[1]).slice(0, 16);
    console.log(`${trace}: main-thread CPU time by trace event, ms per frame`);
    for (const [name, total] of phases) console.log(`  ${name.padEnd(48)}${fmt(total / figures.frames, 2)}`);
  }
  await cdp.detach();
  return {
    fps: figures.frames / (ms / 1000),
    intervalP95: p95(figures.intervals),
    workP95: p95(figures.work),
    busy: (after.task - before.task) / (after.at - before.at),
    cpuPerFrame: ((after.thread - before.thread) * 1000) / figures.frames,
  };
}

/** The figures of labelled runs as a table, one line a run. */
export function frameTable(rows: readonly (readonly [label: string, row: FrameRow])[]): string {
  const width = Math.max(26, ...rows.map(([label]) => label.length + 2));
  const head =
    `${'run'.padEnd(width)}fps    frame interval p95 ms  frame work p95 ms  main thread busy  ` +
    'main thread CPU ms/frame';
  const lines = rows.map(
    ([label, r]) =>
      `${label.padEnd(width)}${fmt(r.fps).padEnd(7)}${fmt(r.intervalP95).padEnd(23)}` +
      `${fmt(r.workP95).padEnd(19)}${`${fmt(r.busy * 100)}%`.padEnd(18)}${fmt(r.cpuPerFrame, 2)}`,
  );
  return [head, ...lines].join('\n');
}
