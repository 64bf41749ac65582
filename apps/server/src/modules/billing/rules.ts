import { addMonths, monthStart } from './months';

/**
 * Which templates (or projects) billing puts out of service or returns when the allowance changes:
 * the oldest stay live, the most recently created expire first, and expired ones return starting
 * from the most recently created. `items` oldest first; `allowance` null means unlimited.
 */
export function planLapses(
  items: readonly { id: number; expired: boolean }[],
  allowance: number | null,
): { expire: number[]; restore: number[] } {
  const live = items.filter((i) => !i.expired);
  const expired = items.filter((i) => i.expired);
  if (allowance === null) return { expire: [], restore: expired.map((i) => i.id) };
  if (live.length > allowance)
    return {
      expire: live
        .slice(allowance)
        .map((i) => i.id)
        .reverse(),
      restore: [],
    };
  const room = allowance - live.length;
  return {
    expire: [],
    restore:
      room > 0
        ? expired
            .slice(-room)
            .map((i) => i.id)
            .reverse()
        : [],
  };
}

export interface SwitchState {
  on_month: string | null;
  off_month: string | null;
}

/** On from the month it was turned on, except in the one month it is turned off for. */
export function switchIsOn(s: SwitchState, month: string): boolean {
  return s.on_month !== null && s.on_month <= month && s.off_month !== month;
}

/**
 * Turning on records the month; turning off in that month is refused (`locked`) and otherwise
 * lasts for the current month only.
 */
export function turnSwitch(s: SwitchState, on: boolean, month: string): SwitchState | 'locked' {
  const isOn = switchIsOn(s, month);
  if (on) return isOn ? s : { on_month: month, off_month: null };
  if (!isOn) return s;
  if (s.on_month === month) return 'locked';
  return { on_month: s.on_month, off_month: month };
}

export function switchView(s: SwitchState, month: string) {
  const on = switchIsOn(s, month);
  const nextMonth = monthStart(addMonths(month, 1));
  return {
    on,
    on_month: s.on_month,
    off_month: s.off_month !== null && s.off_month >= month ? s.off_month : null,
    can_turn_off_from: on && s.on_month === month ? nextMonth : null,
    on_again_at: s.off_month === month ? nextMonth : null,
  };
}

/**
 * A later allocation for a device must be a level up: no fewer TAGs, no slower collection, and
 * better in at least one.
 */
export function isLevelUp(
  current: { tag_count: number; frequency_min: number },
  next: { tag_count: number; frequency_min: number },
): boolean {
  return (
    next.tag_count >= current.tag_count &&
    next.frequency_min <= current.frequency_min &&
    (next.tag_count > current.tag_count || next.frequency_min < current.frequency_min)
  );
}
