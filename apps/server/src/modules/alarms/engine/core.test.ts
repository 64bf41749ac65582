import { compileCondition, TagDataType } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { step, type PairState, type RuleCheck } from './core';

/** mulberry32: a small seeded PRNG, so every failure replays. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Op = '>' | '>=' | '<' | '<=' | '==';

/** A rule as the reference reads it: plain arithmetic on numbers, nothing shared with the engine. */
interface RefRule {
  op: Op;
  limit: number;
  target: number | null;
  deadband: number;
  delayMs: number;
  content: string;
  dataType: number;
}

function operand(r: RefRule, v: number): number {
  return r.target === null ? v : Math.abs(v - r.target);
}

function holds(r: RefRule, v: number): boolean {
  const x = operand(r, v);
  if (r.op === '>') return x > r.limit;
  if (r.op === '>=') return x >= r.limit;
  if (r.op === '<') return x < r.limit;
  if (r.op === '<=') return x <= r.limit;
  return x === r.limit;
}

/** Back past the limit by the deadband (section "Deadband" of alarms/condition). */
function clears(r: RefRule, v: number): boolean {
  const x = operand(r, v);
  if (r.op === '>') return x <= r.limit - r.deadband;
  if (r.op === '>=') return x < r.limit - r.deadband;
  if (r.op === '<') return x >= r.limit + r.deadband;
  if (r.op === '<=') return x > r.limit + r.deadband;
  return x !== r.limit;
}

/**
 * The reference: an alarm is raised at sample i when none is up and the condition has held over the
 * whole run of consecutive samples ending at i for at least the on-delay; it recovers at the first
 * sample that clears.
 */
function reference(r: RefRule, samples: readonly { v: number; t: number }[]): string[] {
  const out: string[] = [];
  let up = false;
  samples.forEach((s, i) => {
    if (up) {
      if (clears(r, s.v)) {
        up = false;
        out.push(`recover@${i}`);
      }
      return;
    }
    if (!holds(r, s.v)) return;
    let k = i;
    while (k > 0 && holds(r, (samples[k - 1] as { v: number }).v) && !out.includes(`recover@${k - 1}`))
      k -= 1;
    if (s.t - (samples[k] as { t: number }).t >= r.delayMs) {
      up = true;
      out.push(`raise@${i}`);
    }
  });
  return out;
}

function engine(rule: RuleCheck, samples: readonly { text: string; t: number }[]): string[] {
  const out: string[] = [];
  let state: PairState | undefined;
  samples.forEach((s, i) => {
    const next = step(rule, state, s.text, s.t);
    state = next.state;
    if (next.decision) out.push(`${next.decision}@${i}`);
  });
  return out;
}

function randomRule(rnd: () => number): RefRule {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const kind = pick(['limit-float', 'limit-int', 'deviation', 'onoff'] as const);
  const delayMs = pick([0, 0, 1000, 5000]);
  if (kind === 'onoff') {
    const on = rnd() < 0.5 ? 1 : 0;
    return {
      op: '==',
      limit: on,
      target: null,
      deadband: 0,
      delayMs,
      content: `{7} == ${on}`,
      dataType: TagDataType.BOOL,
    };
  }
  const op = pick(['>', '>=', '<', '<='] as const);
  const deadband = pick([0, 0, 1, 2.5, 5]);
  if (kind === 'deviation') {
    const dop = pick(['>', '<'] as const);
    return {
      op: dop,
      limit: 10,
      target: 50,
      deadband,
      delayMs,
      content: `abs({7} - 50) ${dop} 10`,
      dataType: TagDataType.INT32,
    };
  }
  const isFloat = kind === 'limit-float';
  return {
    op,
    limit: 50,
    target: null,
    deadband,
    delayMs,
    content: `{7} ${op} 50`,
    dataType: isFloat ? TagDataType.DOUBLE : TagDataType.INT16,
  };
}

function randomSamples(rnd: () => number, r: RefRule, n: number) {
  const out: { v: number; text: string; t: number }[] = [];
  let t = 1_700_000_000_000;
  let v = 50;
  for (let i = 0; i < n; i++) {
    // Mostly small steps around the limit (where deadband and on-delay matter), sometimes jumps.
    t += Math.floor(rnd() * 2500);
    if (r.dataType === TagDataType.BOOL) v = rnd() < 0.5 ? 0 : 1;
    else {
      const stepSize = rnd() < 0.1 ? 30 : 4;
      v += Math.round((rnd() * 2 - 1) * stepSize * 2) / 2;
      v = Math.min(90, Math.max(10, v));
      if (r.dataType !== TagDataType.DOUBLE) v = Math.round(v);
    }
    out.push({ v, text: String(v), t });
  }
  return out;
}

describe('alarm engine core against a reference evaluator', () => {
  it('takes the same raise and recover decisions on thousands of random sample sequences', () => {
    const rnd = prng(20260301);
    let raises = 0;
    let recovers = 0;
    for (let n = 0; n < 4000; n++) {
      const r = randomRule(rnd);
      const samples = randomSamples(rnd, r, 20 + Math.floor(rnd() * 60));
      const compiled = compileCondition(r.content, r.dataType, r.deadband ? String(r.deadband) : '');
      const rule: RuleCheck = { onDelayMs: r.delayMs, active: compiled.active, cleared: compiled.cleared };
      const expected = reference(r, samples);
      expect(
        engine(rule, samples),
        `sequence ${n}: ${r.content} deadband ${r.deadband} delay ${r.delayMs}`,
      ).toEqual(expected);
      raises += expected.filter((d) => d.startsWith('raise')).length;
      recovers += expected.filter((d) => d.startsWith('recover')).length;
    }
    // The sequences really exercise both transitions.
    expect(raises).toBeGreaterThan(4000);
    expect(recovers).toBeGreaterThan(3000);
  });

  it('raises only after the condition held for the on-delay, and restarts the delay when it lapses', () => {
    const rule: RuleCheck = {
      onDelayMs: 5000,
      active: (v) => Number(v) > 50,
      cleared: (v) => Number(v) <= 48,
    };
    expect(
      engine(rule, [
        { text: '60', t: 0 },
        { text: '60', t: 4000 },
        { text: '49', t: 4500 },
        { text: '60', t: 6000 },
        { text: '60', t: 10_999 },
        { text: '60', t: 11_000 },
        { text: '49', t: 12_000 },
        { text: '48', t: 13_000 },
      ]),
    ).toEqual(['raise@5', 'recover@7']);
  });
});
