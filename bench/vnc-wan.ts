/**
 * Remote view over a cellular link (issue 27): the demo HMI's screen seen through a proxy that
 * delays each direction by half a round trip (bench/vnc/delay-proxy.ts; netem is not used: it needs
 * CAP_NET_ADMIN and would delay the shared loopback of every other process here).
 *
 * 1. Bytes: direct VNC with Raw, direct VNC with zlib (a classic viewer, one request per frame) and
 *    the product's device link (the agent's tunnel deflating one stream per session, zlib encoding,
 *    continuous updates) watch the same screen at the same time for `--seconds`; printed per minute
 *    (after the first full screen) and for a 10-minute session (first screen + 10 minutes), as a
 *    ratio of direct Raw's. Target ≤ 0.2.
 * 2. Smoothness: the screen changes `--hz` times a second; frames per second reaching a classic
 *    viewer and the product's at 0, 50 and 150 ms round trip, as a ratio of the change rate. Target
 *    ≥ 0.8 at 150 ms.
 * 3. Click-to-pixel: a click on START until the update repainting the button arrives, through the
 *    product's path. Target ≤ round trip + 50 ms.
 *
 * Two screens (`--scene`): the demo HMI (the simulator's RFB server: zlib, ContinuousUpdates, Fence)
 * and TigerVNC's Xvnc running a changing X client (bench/vnc/x-client.tcl; ZRLE, as this viewer
 * sizes it). On Xvnc two more of our rows stand for a third-party server without ContinuousUpdates:
 * a viewer that does not announce them, with and without the agent's request kept outstanding.
 * The relay's throughput against two plain TCP hops is bench/vnc's.
 */
import { parseArgs } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import { buttonsFor } from '../apps/agent/src/vnc/hmi-page';
import { intersect, isEmpty, type Rect } from '../apps/agent/src/vnc/rects';
import { demoSimTags } from '../apps/agent/src/sim/generators';
import { textTable } from './text-table';
import { directPath, tunnelPath, type Path } from './vnc/wan-paths';
import { startWanScreen } from './vnc/wan-screen';
import type { ViewerOptions } from './vnc/wan-viewer';
import { startXvncScreen, X_BUTTON, type BenchScreen } from './vnc/wan-xvnc';

const RAW = [0];
const FENCE = -312;
const CONTINUOUS = -313;
const TARGET_BYTES = 0.2;
const TARGET_FPS = 0.8;
const TARGET_CLICK_SLACK_MS = 50;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    hz: { type: 'string', default: '10' },
    'fps-seconds': { type: 'string', default: '8' },
    clicks: { type: 'string', default: '10' },
    scene: { type: 'string', default: 'both' },
  },
});
const SECONDS = Number(values.seconds);
const HZ = Number(values.hz);
const FPS_SECONDS = Number(values['fps-seconds']);
const CLICKS = Number(values.clicks);

interface Scene {
  title: string;
  start(hz: number): Promise<BenchScreen>;
  /** The compressed encoding a classic viewer asks for, and its name. */
  compressed: number[];
  encodingName: string;
  button: Rect;
  /** Where a click lands on the button (clear of its label). */
  at: { x: number; y: number };
  /** Add the rows of a server without ContinuousUpdates (the viewer does not announce them). */
  thirdParty: boolean;
}

function demoScene(): Scene {
  const tags = demoSimTags.map((t) => ({ name: t.name, dataType: t.dataType }));
  const button = buttonsFor(tags).find((b) => b.id === 'run')?.rect;
  if (!button) throw new Error('no START button');
  return {
    title: 'demo HMI',
    start: startWanScreen,
    compressed: [6],
    encodingName: 'zlib',
    button,
    at: { x: button.x + 20, y: button.y + 20 },
    thirdParty: false,
  };
}

const xvncScene: Scene = {
  title: 'Xvnc + X client',
  start: startXvncScreen,
  compressed: [16],
  encodingName: 'ZRLE',
  button: X_BUTTON,
  at: { x: X_BUTTON.x + 10, y: X_BUTTON.y + 10 },
  thirdParty: true,
};

interface Way {
  name: string;
  open(port: number, rtt: number): Promise<Path>;
}

/** noVNC's announcement as far as these servers have it: the compressed encoding, Raw, Fence, ContinuousUpdates. */
const novnc = (s: Scene): ViewerOptions => ({
  encodings: [...s.compressed, ...RAW, FENCE, CONTINUOUS],
  continuous: true,
});
const classic = (s: Scene): Way => ({
  name: `classic ${s.encodingName}`,
  open: (port, rtt) => directPath(port, rtt, { encodings: s.compressed, continuous: false }),
});
const ours = (s: Scene): Way => ({ name: 'ours', open: (port, rtt) => tunnelPath(port, rtt, novnc(s)) });
/** Our tunnel to a server without ContinuousUpdates: noVNC then asks once per update. */
const oursNoCu = (s: Scene, requestAhead: boolean): Way => ({
  name: requestAhead ? 'ours no-CU, ahead' : 'ours no-CU',
  open: (port, rtt) =>
    tunnelPath(port, rtt, { encodings: [...s.compressed, ...RAW], continuous: false, requestAhead }),
});

const total = (p: Path) => p.proxy.bytes.up + p.proxy.bytes.down;
const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
const pass = (ok: boolean) => (ok ? 'ok' : 'MISSED');

async function bytesPart(s: Scene): Promise<string> {
  const screen = await s.start(1);
  const ways: Way[] = [
    {
      name: 'direct VNC, Raw',
      open: (port, rtt) => directPath(port, rtt, { encodings: RAW, continuous: false }),
    },
    { ...classic(s), name: `direct VNC, ${s.encodingName}` },
    { ...ours(s), name: 'our tunnel, deflated' },
    ...(s.thirdParty ? [{ ...oursNoCu(s, true), name: 'our tunnel, no CU, ahead' }] : []),
  ];
  const entries: [string, Path][] = [];
  for (const w of ways) entries.push([w.name, await w.open(screen.port, 150)]);
  // The first full screen: its bytes are the session's start, the rest its steady rate.
  while (entries.some(([, p]) => p.viewer.updates.length === 0)) await delay(20);
  await delay(500);
  const start = new Map(entries.map(([k, p]) => [k, total(p)]));
  await delay(SECONDS * 1000);
  const rows = entries.map(([name, p]) => {
    const first = start.get(name) ?? 0;
    const perMinute = ((total(p) - first) / SECONDS) * 60;
    return { name, first, perMinute, session: first + 10 * perMinute };
  });
  for (const [, p] of entries) await p.close();
  await screen.close();
  const raw = rows[0]?.session ?? 1;
  const body = rows.map((r) => [
    r.name,
    mb(r.first),
    mb(r.perMinute),
    mb(r.session),
    (r.session / raw).toFixed(3),
  ]);
  const ratio = (rows[2]?.session ?? raw) / raw;
  return [
    `Bytes, ${s.title} (1 change/s), 150 ms round trip, ${SECONDS} s measured:`,
    textTable(['path', 'first screen MB', 'MB/min after', '10-min session MB', 'vs Raw'], body),
    `10-minute session through our tunnel: ${ratio.toFixed(3)} of direct Raw (target ≤ ${TARGET_BYTES}): ${pass(ratio <= TARGET_BYTES)}`,
  ].join('\n');
}

async function fpsPart(s: Scene): Promise<string> {
  const ways = [classic(s), ours(s), ...(s.thirdParty ? [oursNoCu(s, false), oursNoCu(s, true)] : [])];
  const body: string[][] = [];
  const verdicts: string[] = [];
  for (const rtt of [0, 50, 150]) {
    const screen = await s.start(HZ);
    const paths: Path[] = [];
    for (const w of ways) paths.push(await w.open(screen.port, rtt));
    await delay(1000);
    const before = paths.map((p) => p.viewer.updates.length);
    const samples = screen.samples();
    await delay(FPS_SECONDS * 1000);
    const rate = (screen.samples() - samples) / FPS_SECONDS;
    const fps = paths.map((p, i) => (p.viewer.updates.length - (before[i] ?? 0)) / FPS_SECONDS);
    body.push([`${rtt} ms`, rate.toFixed(1), ...fps.flatMap((f) => [f.toFixed(1), (f / rate).toFixed(2)])]);
    if (rtt === 150)
      ways.forEach((w, i) => {
        if (i === 0) return;
        const r = (fps[i] ?? 0) / rate;
        const note = w.name === 'ours no-CU' ? ' (without the agent asking ahead: no target)' : '';
        verdicts.push(
          `At 150 ms ${w.name} delivers ${r.toFixed(2)} of the change rate${note}: ${note ? '-' : pass(r >= TARGET_FPS)}`,
        );
      });
    for (const p of paths) await p.close();
    await screen.close();
  }
  return [
    `Smoothness, ${s.title} changing ${HZ} times a second (fps and its ratio to the change rate):`,
    textTable(['round trip', 'changes/s', ...ways.flatMap((w) => [w.name, 'ratio'])], body),
    `Target ≥ ${TARGET_FPS} at 150 ms.`,
    ...verdicts,
  ].join('\n');
}

async function clickPart(s: Scene): Promise<string> {
  const ways = [ours(s), ...(s.thirdParty ? [oursNoCu(s, true)] : [])];
  const body: string[][] = [];
  const lines: string[] = [];
  for (const rtt of [50, 150])
    for (const w of ways) {
      // The screen changes once a second away from the button: a repaint of the button is the click's.
      const screen = await s.start(1);
      const path = await w.open(screen.port, rtt);
      await delay(1000);
      const times = await clicks(path, s);
      const p50 = times[Math.floor(times.length / 2)] ?? 0;
      const max = times.at(-1) ?? 0;
      const target = rtt + TARGET_CLICK_SLACK_MS;
      body.push([`${rtt} ms`, w.name, p50.toFixed(0), max.toFixed(0), String(target)]);
      lines.push(`${rtt} ms, ${w.name}: p50 ${p50.toFixed(0)} ms ≤ ${target}: ${pass(p50 <= target)}`);
      await path.close();
      await screen.close();
    }
  return [
    `Click-to-pixel, ${s.title} (${CLICKS} clicks on START):`,
    textTable(['round trip', 'path', 'p50 ms', 'max ms', 'target ms'], body),
    ...lines,
  ].join('\n');
}

/** Times `CLICKS` clicks until the update repainting the button arrives; sorted. */
async function clicks(path: Path, s: Scene): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < CLICKS; i += 1) {
    const seen = path.viewer.updates.length;
    const at = performance.now();
    path.viewer.click(s.at.x, s.at.y);
    for (;;) {
      const hit = path.viewer.updates
        .slice(seen)
        .find((u) => u.rects.some((r) => !isEmpty(intersect(r, s.button))));
      if (hit) {
        times.push(hit.at - at);
        break;
      }
      await delay(2);
    }
    await delay(100);
  }
  return times.sort((a, b) => a - b);
}

const scenes = { demo: [demoScene()], xvnc: [xvncScene], both: [demoScene(), xvncScene] }[
  values.scene ?? 'both'
];
if (!scenes) throw new Error('--scene is demo, xvnc or both');
for (const s of scenes) {
  console.log(await bytesPart(s));
  console.log();
  console.log(await fpsPart(s));
  console.log();
  console.log(await clickPart(s));
  console.log();
}
process.exit(0);
