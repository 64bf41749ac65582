import { ALARM_FLOOD_MIN, ALARM_FLOOD_WINDOW_S, ALARM_KPI_HOURLY_MAX_S, type AlarmKpi } from '@hmi/contract';

const HOUR = 3600;
const DAY = 86_400;

/** Range [start, end) in epoch seconds, and the caller's offset east of UTC in hours. */
export interface SeriesRange {
  start: number;
  end: number;
  timezone: number;
}

type Series = Pick<AlarmKpi, 'per_hour' | 'per_day' | 'peak_hour' | 'flood' | 'hourly' | 'daily'>;

/** The zone `timezone` hours east of UTC in seconds. */
export const zoneOffsetS = (timezone: number) => Math.round(timezone * HOUR);

/** Start (epoch seconds) of the local day holding `t`, in the zone `offsetS` east of UTC. */
export const localDay = (t: number, offsetS: number) => Math.floor((t + offsetS) / DAY) * DAY - offsetS;

/**
 * Alarms of some ten-minute clock windows that share one clock hour and one local day (both epoch
 * seconds of their start), and how many of those windows were floods. Groups add up: a window's own
 * count is a group, and so are a whole hour's windows summed by the database.
 */
export interface WindowGroup {
  hour: number;
  day: number;
  n: number;
  flooded: number;
}

/** Each window (`w` = epoch seconds / 600) as its own group. */
export function windowGroups(windows: readonly { w: number; n: number }[], offsetS: number): WindowGroup[] {
  return windows.map(({ w, n }) => {
    const at = w * ALARM_FLOOD_WINDOW_S;
    return {
      hour: Math.floor(at / HOUR) * HOUR,
      day: localDay(at, offsetS),
      n,
      flooded: n >= ALARM_FLOOD_MIN ? 1 : 0,
    };
  });
}

/** Counts of `keys` from `from` to `to` by `step`, zeros included, in order. */
function filled(counts: Map<number, number>, from: number, to: number, step: number) {
  const out: { at: number; n: number }[] = [];
  for (let at = from; at < to; at += step) out.push({ at, n: counts.get(at) ?? 0 });
  return out;
}

/**
 * The time figures from alarms per window group: the flood share (windows with ten or more alarms
 * among the windows the range touches), hourly and daily series, averages over the range's length.
 */
export function seriesOf(groups: readonly WindowGroup[], r: SeriesRange): Series {
  const offsetS = zoneOffsetS(r.timezone);
  const hours = new Map<number, number>();
  const days = new Map<number, number>();
  let total = 0;
  let flooded = 0;
  for (const g of groups) {
    total += g.n;
    flooded += g.flooded;
    hours.set(g.hour, (hours.get(g.hour) ?? 0) + g.n);
    days.set(g.day, (days.get(g.day) ?? 0) + g.n);
  }
  const windowCount =
    Math.floor((r.end - 1) / ALARM_FLOOD_WINDOW_S) - Math.floor(r.start / ALARM_FLOOD_WINDOW_S) + 1;
  const length = r.end - r.start;
  return {
    per_hour: (total * HOUR) / length,
    per_day: (total * DAY) / length,
    peak_hour: Math.max(0, ...hours.values()),
    flood: { windows: windowCount, flooded, share: flooded / windowCount },
    hourly:
      length <= ALARM_KPI_HOURLY_MAX_S ? filled(hours, Math.floor(r.start / HOUR) * HOUR, r.end, HOUR) : [],
    daily: filled(days, localDay(r.start, offsetS), r.end, DAY),
  };
}
