/**
 * A Chromium trace of one bench mode, summed by phase on the page's main thread (script, style,
 * layout, paint, commit...), so a slow frame says which of the browser's steps to attack.
 */
import type { CDPSession } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  /** The thread's own CPU time: what the page costs, whatever else the machine runs. */
  tdur?: number;
  tid: number;
  pid: number;
  args?: { name?: string };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'cc',
  'toplevel',
].join(',');

export async function startTrace(cdp: CDPSession): Promise<() => Promise<Map<string, number>>> {
  const events: TraceEvent[] = [];
  // The protocol types trace events as string maps; they are Chromium's trace event objects.
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return async () => {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await done;
    const main = events.find((e) => e.ph === 'M' && e.args?.name === 'CrRendererMain');
    const totals = new Map<string, number>();
    for (const e of events) {
      if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || !e.tdur) continue;
      totals.set(e.name, (totals.get(e.name) ?? 0) + e.tdur / 1000);
    }
    return totals;
  };
}
