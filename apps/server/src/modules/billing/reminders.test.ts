import { describe, expect, it } from 'vitest';
import { noticeKey, planReminders, type ReminderInput } from './reminders';

const DAY = 86400;
const now = Date.UTC(2026, 5, 1) / 1000;

function input(over: Partial<ReminderInput>): ReminderInput {
  return { now, cards: [], allocations: [], pools: [], sent: new Set(), ...over };
}
const card = (over: Partial<ReminderInput['cards'][number]>) => ({
  id: 1,
  team_id: 7,
  type: 2,
  number: 'RAXXXXXXXXXXXXXX',
  expires_at: now + 100 * DAY,
  traffic_bytes: 1000,
  used_bytes: 0,
  device_id: null,
  ...over,
});

describe('planReminders', () => {
  it('sends the tightest expiry reminder crossed, once, and marks the looser ones', () => {
    const first = planReminders(input({ cards: [card({ type: 1, expires_at: now + 5 * DAY })] }));
    expect(first.notices.map((n) => [n.kind, n.threshold])).toEqual([[2, 7]]);
    expect(first.marks.map((n) => n.threshold)).toEqual([30, 7]);
    const sent = new Set(first.marks.map(noticeKey));
    expect(
      planReminders(input({ cards: [card({ type: 1, expires_at: now + 5 * DAY })], sent })).notices,
    ).toEqual([]);
    const later = planReminders(
      input({ now: now + 4.5 * DAY, cards: [card({ type: 1, expires_at: now + 5 * DAY })], sent }),
    );
    expect(later.notices.map((n) => [n.kind, n.threshold])).toEqual([[2, 1]]);
    expect(planReminders(input({ cards: [card({ expires_at: now + 31 * DAY })] })).notices).toEqual([]);
  });

  it('traffic alerts at 80 %, 95 % and exhausted', () => {
    const at = (used: number, sent = new Set<string>()) =>
      planReminders(input({ cards: [card({ used_bytes: used })], sent })).notices.map((n) => [
        n.kind,
        n.threshold,
      ]);
    expect(at(799)).toEqual([]);
    expect(at(800)).toEqual([[4, 80]]);
    expect(at(960)).toEqual([[4, 95]]);
    expect(at(1000, new Set(['card:1|4|80', 'card:1|4|95']))).toEqual([[4, 100]]);
  });

  it('device TAG expiry and low account TAGs (free under 10 % of the pool)', () => {
    const plan = planReminders(
      input({
        allocations: [{ id: 3, team_id: 7, device_id: 9, device_name: 'D', ends_at: now + 20 * DAY }],
        pools: [
          { team_id: 7, pool: 100, free: 9 },
          { team_id: 8, pool: 100, free: 10 },
          { team_id: 9, pool: 0, free: 0 },
        ],
      }),
    );
    expect(plan.notices.map((n) => [n.kind, n.subject, n.threshold])).toEqual([
      [3, 'allocation:3', 30],
      [5, 'team:7:100', 10],
    ]);
    expect(plan.notices[0]?.params).toEqual({ device_id: 9, device_name: 'D', expires_at: now + 20 * DAY });
  });
});
