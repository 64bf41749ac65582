import type { AlarmKpiRepo, KpiFilter, PairLevelRow } from './repo';
import type { AlarmKpiRollupRepo } from './rollup-repo';
import { bucketPlan, windowPlan, type Span } from './plan';
import { windowGroups, type WindowGroup } from './series';

/** The figures of one rule on one device over the range: its highest level and summed counts. */
export type PairRow = PairLevelRow;

/** Where the page's per-pair figures and window counts come from. */
export interface KpiFigures {
  pairs(f: KpiFilter): Promise<PairRow[]>;
  /** Alarms per ten-minute window, grouped by clock hour and local day of the zone `offsetS`. */
  windows(f: KpiFilter, offsetS: number): Promise<WindowGroup[]>;
}

const SUMS = ['n', 'ack_sum', 'ack_n', 'rec_sum', 'rec_n', 'stale', 'chatter'] as const;
const ZERO = { n: 0, ack_sum: 0, ack_n: 0, rec_sum: 0, rec_n: 0, stale: 0, chatter: 0 };

/**
 * Signed parts (the rollup's buckets, edge records added or taken off) summed per rule, device and
 * level, then per rule and device at the highest level with records left; pairs with none left
 * dropped. Ordered by device, rule and template, so that ties rank alike from either source.
 */
export function combinePairs(parts: readonly { rows: readonly PairLevelRow[]; sign: 1 | -1 }[]): PairRow[] {
  const levels = new Map<string, PairLevelRow>();
  for (const { rows, sign } of parts)
    for (const r of rows) {
      const key = `${r.device_id}:${r.rule_id ?? 0}:${r.template_id}:${r.level}`;
      const acc = levels.get(key) ?? { ...r, ...ZERO };
      for (const s of SUMS) acc[s] += sign * r[s];
      levels.set(key, acc);
    }
  const pairs = new Map<string, PairRow>();
  for (const r of levels.values()) {
    const key = `${r.device_id}:${r.rule_id ?? 0}:${r.template_id}`;
    const acc = pairs.get(key) ?? { ...r, ...ZERO, level: 0 };
    for (const s of SUMS) acc[s] += r[s];
    if (r.n > 0) acc.level = Math.max(acc.level, r.level);
    pairs.set(key, acc);
  }
  return [...pairs.values()]
    .filter((p) => p.n > 0)
    .sort(
      (a, b) =>
        a.device_id - b.device_id || (a.rule_id ?? 0) - (b.rule_id ?? 0) || a.template_id - b.template_id,
    );
}

/** Every figure read from the records themselves: the reference the rollup must agree with. */
export class RawFigures implements KpiFigures {
  constructor(private readonly repo: AlarmKpiRepo) {}

  async pairs(f: KpiFilter): Promise<PairRow[]> {
    return combinePairs([{ rows: await this.repo.pairLevels(f), sign: 1 }]);
  }

  async windows(f: KpiFilter, offsetS: number): Promise<WindowGroup[]> {
    return windowGroups(await this.repo.windows(f), offsetS);
  }
}

/**
 * Whole buckets and windows from the running sums (migration 0036), the partial edges of the range
 * from the records: tens of thousands of rows for a year of a million records.
 */
export class RollupFigures implements KpiFigures {
  constructor(
    private readonly repo: AlarmKpiRepo,
    private readonly rollup: AlarmKpiRollupRepo,
  ) {}

  private edges(f: KpiFilter, spans: readonly Span[]) {
    return spans.map(async (s) => ({
      rows: await this.repo.pairLevels({ ...f, start: s.start, end: s.end }),
      sign: s.sign,
    }));
  }

  async pairs(f: KpiFilter): Promise<PairRow[]> {
    const plan = bucketPlan(f.start, f.end);
    const buckets = plan.rows;
    const parts = await Promise.all([
      ...(buckets
        ? [this.rollup.pairLevels(f, buckets.from, buckets.to).then((rows) => ({ rows, sign: 1 as const }))]
        : []),
      ...this.edges(f, plan.edges),
    ]);
    return combinePairs(parts);
  }

  /** Whole windows from the team's sums, or its groups' for a group scope (migration 0038). */
  async windows(f: KpiFilter, offsetS: number): Promise<WindowGroup[]> {
    const plan = windowPlan(f.start, f.end);
    if (!plan.rows) return windowGroups(await this.repo.windows(f), offsetS);
    const { from, to } = plan.rows;
    const parts = await Promise.all([
      this.rollup.windowGroups(f, from, to, offsetS),
      // Edge windows hold only the range's records; they are never whole windows of the sums.
      ...plan.edges.map(async (s) =>
        windowGroups(await this.repo.windows({ ...f, start: s.start, end: s.end }), offsetS),
      ),
    ]);
    return parts.flat();
  }
}
