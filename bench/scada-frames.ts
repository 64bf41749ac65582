/**
 * Speed of the configuration screen viewer (issue 14): 500 bound widgets, each value changing 10
 * times a second, in Debian's Chromium (playwright-core, headless). The same screen runs twice in one
 * run: as shipped (a message updates only the widgets whose value changed, once per animation frame)
 * and naive (every widget re-renders on each message). Prints p95 frame interval, p95 frame work
 * (rAF to the first task after paint), main-thread busy share (CDP TaskDuration over wall time) and
 * the naive/shipped ratios. Target: p95 frame work under 16 ms as shipped.
 *
 *   npm run scada-frames -w bench [-- --seconds 10] [--trace] [--types gauge]
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { repoRoot } from '@hmi/server/src/test/server-process';
import { launchBrowser } from '../e2e/support/browser';
import { startTrace } from './scada-trace';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    /** Also record a Chromium trace per mode and print main-thread CPU time by event. */
    trace: { type: 'boolean', default: false },
    /** Widget types on the screen, in turn (default value,bar,lamp,gauge,value): which type costs what. */
    types: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const WARM_UP_MS = 1500;
const TARGET_MS = 16;
const modes = ['frame', 'every-message'] as const;
type Mode = (typeof modes)[number];

interface Figures {
  frames: number;
  intervals: number[];
  work: number[];
}
interface Row {
  mode: Mode;
  fps: number;
  intervalP95: number;
  workP95: number;
  busy: number;
}

const p95 = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
};

async function buildPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: join(repoRoot, 'bench', 'scada'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 10_000 },
  });
}

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\.\.+/g, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    res.setHeader('content-type', types[extname(file)] ?? 'application/octet-stream');
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

async function measure(browser: Browser, url: string, mode: Mode): Promise<Row> {
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(
    `${url}/index.html?mode=${mode}${args.types ? `&types=${encodeURIComponent(args.types)}` : ''}`,
  );
  // The page's own globals (bench/scada/main.tsx); this file is compiled without the DOM types.
  await page.waitForFunction('window.benchReady === true');
  await page.evaluate(`window.bench(${WARM_UP_MS})`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const get = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return { task: get('TaskDuration'), at: get('Timestamp') };
  };
  const stopTrace = args.trace ? await startTrace(cdp) : null;
  const before = await metric();
  const figures = (await page.evaluate(`window.bench(${SECONDS * 1000})`)) as Figures;
  const after = await metric();
  if (stopTrace) {
    // Nested events overlap (a task holds its script, style, layout...): read per phase, not summed.
    const phases = [...(await stopTrace()).entries()].sort((a, b) => b[1] - a[1]).slice(0, 16);
    console.log(`${mode}: main-thread CPU time by trace event, ms per frame`);
    for (const [name, ms] of phases) console.log(`  ${name.padEnd(48)}${(ms / figures.frames).toFixed(2)}`);
  }
  await page.close();
  return {
    mode,
    fps: figures.frames / SECONDS,
    intervalP95: p95(figures.intervals),
    workP95: p95(figures.work),
    busy: (after.task - before.task) / (after.at - before.at),
  };
}

const outDir = mkdtempSync(join(tmpdir(), 'hmi-scada-bench-'));
let browser: Browser | null = null;
let server: Server | null = null;
try {
  await buildPage(outDir);
  const served = await serve(outDir);
  server = served.server;
  browser = await launchBrowser({ reducedMotion: false });
  const rows: Row[] = [];
  for (const mode of modes) rows.push(await measure(browser, served.url, mode));
  const [shipped, naive] = rows as [Row, Row];
  const fmt = (n: number, d = 1) => n.toFixed(d);
  console.log(`500 bound widgets, each changing ${10}×/s, ${SECONDS} s per mode (Chromium headless)\n`);
  console.log('mode                     fps    frame interval p95 ms  frame work p95 ms  main thread busy');
  for (const r of rows)
    console.log(
      `${(r.mode === 'frame' ? 'changed only, per frame' : 'every widget, per message').padEnd(25)}` +
        `${fmt(r.fps).padEnd(7)}${fmt(r.intervalP95).padEnd(23)}${fmt(r.workP95).padEnd(19)}${fmt(r.busy * 100)}%`,
    );
  console.log(
    `\nnaive / shipped: frame interval p95 ×${fmt(naive.intervalP95 / shipped.intervalP95, 2)}, ` +
      `frame work p95 ×${fmt(naive.workP95 / shipped.workP95, 2)}, busy share ×${fmt(naive.busy / shipped.busy, 2)}`,
  );
  console.log(
    `target p95 frame work < ${TARGET_MS} ms as shipped: ${shipped.workP95 < TARGET_MS ? 'pass' : 'FAIL'}`,
  );
} finally {
  await browser?.close();
  server?.close();
  rmSync(outDir, { recursive: true, force: true });
}
