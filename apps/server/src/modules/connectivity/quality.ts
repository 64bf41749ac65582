import type { TagsBatch, WsTagValue } from '@hmi/contract';
import type { BadSample } from './repo/quality-write';

/**
 * A TAG's latest state held in memory: its last good value (null before any) and, while bad, the
 * reason (DESIGN.md "Field side", quality); `ts` is the newest sample's time, good or bad.
 */
export interface HeldValue {
  value: string | null;
  ts: number;
  q?: string;
}

/** A bad sample of the batch (`q` set, no value) as its TAG's quality; null for a good one. */
export function badSampleOf(tag: string, v: TagsBatch['values'][number]): BadSample | null {
  return v.q === undefined ? null : { tag, reason: v.q, ts: v.ts };
}

/**
 * Holds stored bad samples in memory (the last good value stays) and adds them to the live event:
 * on the wire a bad entry carries `q` and the last good value this instance holds ('' when none).
 */
export function holdBad(mem: Map<string, HeldValue>, bad: readonly BadSample[], event: WsTagValue[]): void {
  for (const s of bad) {
    const prev = mem.get(s.tag);
    if (prev && s.ts < prev.ts) continue;
    const value = prev?.value ?? null;
    mem.set(s.tag, { value, ts: s.ts, q: s.reason });
    event.push({ tag: s.tag, value: value ?? '', ts: s.ts, q: s.reason });
  }
}

/** A held value as the websocket snapshot sends it. */
export function wireHeld(tag: string, h: HeldValue): WsTagValue {
  return h.q === undefined
    ? { tag, value: h.value ?? '', ts: h.ts }
    : { tag, value: h.value ?? '', ts: h.ts, q: h.q };
}
