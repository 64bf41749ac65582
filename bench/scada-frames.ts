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
import { parseArgs } from 'node:util';
import { fmt, frameTable, measureFrames, TARGET_MS, withBenchPage, type FrameRow } from './screen-frames';

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
const modes = ['frame', 'every-message'] as const;
const labels = { frame: 'changed only, per frame', 'every-message': 'every widget, per message' };

const [shipped, naive] = await withBenchPage(async (open) => {
  const rows: FrameRow[] = [];
  for (const mode of modes) {
    const page = await open(`mode=${mode}${args.types ? `&types=${encodeURIComponent(args.types)}` : ''}`);
    await page.evaluate(`window.bench(${WARM_UP_MS})`);
    rows.push(await measureFrames(page, SECONDS * 1000, undefined, args.trace ? mode : undefined));
    await page.close();
  }
  return rows as [FrameRow, FrameRow];
});
console.log(`500 bound widgets, each changing ${10}×/s, ${SECONDS} s per mode (Chromium headless)\n`);
console.log(
  frameTable([
    [labels.frame, shipped],
    [labels['every-message'], naive],
  ]),
);
console.log(
  `\nnaive / shipped: frame interval p95 ×${fmt(naive.intervalP95 / shipped.intervalP95, 2)}, ` +
    `frame work p95 ×${fmt(naive.workP95 / shipped.workP95, 2)}, busy share ×${fmt(naive.busy / shipped.busy, 2)}`,
);
console.log(
  `target p95 frame work < ${TARGET_MS} ms as shipped: ${shipped.workP95 < TARGET_MS ? 'pass' : 'FAIL'}`,
);
