import { describe, expect, it } from 'vitest';
import { parseSize } from './cards';
import { addMonths, lastMonths, monthOf, monthStart } from './months';
import { isLevelUp, planLapses, switchIsOn, switchView, turnSwitch } from './rules';

const items = (expired: boolean[]) => expired.map((e, i) => ({ id: i + 1, expired: e }));

describe('planLapses', () => {
  it('keeps the oldest live and expires the most recent first', () => {
    expect(planLapses(items([false, false, false, false]), 2)).toEqual({ expire: [4, 3], restore: [] });
  });
  it('returns expired ones starting from the most recent, up to the allowance', () => {
    expect(planLapses(items([false, true, true, true]), 3)).toEqual({ expire: [], restore: [4, 3] });
    expect(planLapses(items([false, true, true]), 10)).toEqual({ expire: [], restore: [3, 2] });
    expect(planLapses(items([false, true]), 1)).toEqual({ expire: [], restore: [] });
  });
  it('returns everything when unlimited', () => {
    expect(planLapses(items([true, false, true]), null)).toEqual({ expire: [], restore: [1, 3] });
  });
});

describe('traffic switch', () => {
  const never = { on_month: null, off_month: null };
  it('is off until turned on; off is refused in the month it was turned on', () => {
    expect(switchIsOn(never, '2026-11')).toBe(false);
    const on = turnSwitch(never, true, '2026-11');
    expect(on).toEqual({ on_month: '2026-11', off_month: null });
    if (on === 'locked') throw new Error('locked');
    expect(turnSwitch(on, false, '2026-11')).toBe('locked');
    const off = turnSwitch(on, false, '2026-12');
    expect(off).toEqual({ on_month: '2026-11', off_month: '2026-12' });
    if (off === 'locked') throw new Error('locked');
    expect(switchIsOn(off, '2026-12')).toBe(false);
    expect(switchIsOn(off, '2027-01')).toBe(true);
    expect(switchView(off, '2026-12')).toMatchObject({ on: false, on_again_at: Date.UTC(2027, 0, 1) / 1000 });
    // Turned on again in its off month: locked for that month again.
    expect(turnSwitch(off, true, '2026-12')).toEqual({ on_month: '2026-12', off_month: null });
  });
});

describe('levels, months, sizes', () => {
  it('a level up has no fewer TAGs, no slower collection and is better in one', () => {
    const cur = { tag_count: 10, frequency_min: 15 };
    expect(isLevelUp(cur, { tag_count: 11, frequency_min: 15 })).toBe(true);
    expect(isLevelUp(cur, { tag_count: 10, frequency_min: 5 })).toBe(true);
    expect(isLevelUp(cur, cur)).toBe(false);
    expect(isLevelUp(cur, { tag_count: 20, frequency_min: 30 })).toBe(false);
  });
  it('UTC months', () => {
    expect(monthOf(Date.UTC(2026, 11, 31, 23, 59) / 1000)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(monthStart('2027-01')).toBe(Date.UTC(2027, 0, 1) / 1000);
    expect(lastMonths('2027-01', 3)).toEqual(['2026-11', '2026-12', '2027-01']);
  });
  it('sizes of the operator command', () => {
    expect(parseSize('5GB')).toBe(5 * 1024 ** 3);
    expect(parseSize('1.5 mb')).toBe(1.5 * 1024 ** 2);
    expect(parseSize('12')).toBe(12);
    expect(parseSize('5 XB')).toBeNull();
    expect(parseSize('0')).toBeNull();
  });
});
