import type { SimulatedHmi } from '@hmi/agent/simulator';

/**
 * The demo's last HMI loses its link now and then, so the demo shows a device going offline as an
 * alarm (the demo template raises one after DEMO_OFFLINE_ALARM_MINUTES) and recovering when it is
 * back: every `everyMs` it stops for `downMs`, then a new simulator takes its place (same identity and
 * sequence lease).
 */
export const DEMO_OFFLINE_ALARM_MINUTES = 1;
const EVERY_MS = 15 * 60_000;
const DOWN_MS = 3 * 60_000;

export function startDemoOutages(
  sims: SimulatedHmi[],
  index: number,
  restart: () => SimulatedHmi,
  everyMs = EVERY_MS,
  downMs = DOWN_MS,
): () => Promise<void> {
  let down: NodeJS.Timeout | null = null;
  let stopping: Promise<void> = Promise.resolve();
  const cycle = setInterval(() => {
    const sim = sims[index];
    if (!sim || down) return;
    stopping = sim.stop();
    down = setTimeout(() => {
      down = null;
      void stopping.then(() => {
        sims[index] = restart();
      });
    }, downMs);
    down.unref();
  }, everyMs);
  cycle.unref();
  return async () => {
    clearInterval(cycle);
    if (down) clearTimeout(down);
    await stopping;
  };
}
