/**
 * Register changes at random moments against the scan, and how long each took to be seen: one holding
 * register of a random TAG `t<i>` (connection i % connections, register ⌊i / connections⌋) gets a new
 * value every `everyMs`; `seen` is called with every value the observer receives, and a change counts
 * once its value arrives. A TAG changed again before its value arrived drops the earlier change.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { ModbusPeer } from '../../apps/agent/src/test/peers/modbus-peer';

export interface RegisterChanges {
  seen(tag: string, value: string, at: number): void;
  /** Stops changing; resolves with the changes made and the latencies measured, ms. */
  stop(): Promise<{ made: number; latencies: number[] }>;
}

export function changeRegisters(
  peers: readonly ModbusPeer[],
  o: { tags: number; everyMs: number },
): RegisterChanges {
  const pending = new Map<string, { value: string; at: number }>();
  const latencies: number[] = [];
  let running = true;
  let made = 0;
  const loop = (async () => {
    for (let n = 1; running; n++, made++) {
      const i = Math.floor(Math.random() * o.tags);
      const value = 1000 + (n % 60_000);
      pending.set(`t${i}`, { value: String(value), at: performance.now() });
      await peers[i % peers.length]?.set('hr', Math.floor(i / peers.length), [value]);
      await delay(o.everyMs);
    }
  })();
  return {
    seen(tag, value, at) {
      const p = pending.get(tag);
      if (p?.value !== value) return;
      latencies.push(at - p.at);
      pending.delete(tag);
    },
    async stop() {
      running = false;
      await loop;
      return { made, latencies };
    },
  };
}

export const percentile = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

export const fmt = (n: number, digits = 1): string => (Number.isFinite(n) ? n.toFixed(digits) : '-');
