import {
  ALARM_KPI_TOP,
  ALARM_STALE_S,
  groupWithDescendants,
  type AlarmKpi,
  type CallQuery,
  type getAlarmKpi,
} from '@hmi/contract';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/session';
import { authorize, type DataPermissionService, type Scope } from '../data-permissions';
import type { KpiFigures, PairRow } from './figures';
import type { AlarmKpiRepo, KpiFilter } from './repo';
import { seriesOf, zoneOffsetS } from './series';

type Query = CallQuery<typeof getAlarmKpi>;
type Slice = AlarmKpi['by_template'][number];

const average = (sum: number, n: number) => (n ? sum / n : null);

/** Sums of pairs by a key (a template, a group) into slices named by `name`. */
function slices(
  pairs: readonly PairRow[],
  key: (p: PairRow) => number | null,
  name: (id: number | null) => string,
) {
  const acc = new Map<number | null, { n: number; ack: number; ackN: number; rec: number; recN: number }>();
  for (const p of pairs) {
    const k = key(p);
    const a = acc.get(k) ?? { n: 0, ack: 0, ackN: 0, rec: 0, recN: 0 };
    a.n += p.n;
    a.ack += p.ack_sum;
    a.ackN += p.ack_n;
    a.rec += p.rec_sum;
    a.recN += p.rec_n;
    acc.set(k, a);
  }
  const out: Slice[] = [...acc].map(([id, a]) => ({
    id,
    name: name(id),
    count: a.n,
    ack_avg_s: average(a.ack, a.ackN),
    recover_avg_s: average(a.rec, a.recN),
  }));
  return out.sort((x, y) => y.count - x.count || (x.id ?? 0) - (y.id ?? 0));
}

/** The first `n` pairs by `by` (descending; ties by device, rule, then template). */
function top(pairs: readonly PairRow[], by: (p: PairRow) => number, n: number): PairRow[] {
  return pairs
    .filter((p) => by(p) > 0)
    .sort(
      (a, b) =>
        by(b) - by(a) ||
        a.device_id - b.device_id ||
        (a.rule_id ?? 0) - (b.rule_id ?? 0) ||
        a.template_id - b.template_id,
    )
    .slice(0, n);
}

/** Alarm performance of the records the caller may see (issue 26). */
export class AlarmKpiService {
  constructor(
    private readonly repo: AlarmKpiRepo,
    /** The rollup in service; the records alone as the reference its tests and bench compare with. */
    private readonly figures: KpiFigures,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
  ) {}

  /** The filter of `q` within the caller's scope; a group or template they may not see: 1003. */
  private async filter(scope: Scope, q: Query): Promise<KpiFilter> {
    let groupIds: number[] | null = scope.all ? null : [...scope.groupIds];
    if (q.group_id !== undefined) {
      authorize(scope, 'group', scope.groupIds.has(q.group_id) ? { id: q.group_id } : null);
      groupIds = [...groupWithDescendants(q.group_id, scope.groups)];
    }
    if (q.template_id !== undefined) {
      const [t] = await this.repo.templates(scope.teamId, [q.template_id]);
      authorize(scope, 'template', t);
    }
    return { teamId: scope.teamId, start: q.start, end: q.end, groupIds, templateId: q.template_id };
  }

  async get(user: SessionUser, q: Query): Promise<AlarmKpi> {
    const scope = await this.perms.scope(user);
    const f = await this.filter(scope, q);
    const now = epochSeconds(this.clock);
    const [pairs, windows, staleRows, staleActive] = await Promise.all([
      this.figures.pairs(f),
      this.figures.windows(f, zoneOffsetS(q.timezone)),
      this.repo.staleActive(f, now - ALARM_STALE_S, ALARM_KPI_TOP),
      this.repo.staleActiveCount(f, now - ALARM_STALE_S),
    ]);
    const badActors = top(pairs, (p) => p.n, ALARM_KPI_TOP);
    const chattering = top(pairs, (p) => p.chatter, ALARM_KPI_TOP);
    const devices = new Map(
      (await this.repo.devices(f.teamId, [...new Set(pairs.map((p) => p.device_id))])).map((d) => [d.id, d]),
    );
    const templates = new Map(
      (await this.repo.templates(f.teamId, [...new Set(pairs.map((p) => p.template_id))])).map((t) => [
        t.id,
        t.name,
      ]),
    );
    const groups = new Map(scope.groups.map((g) => [g.id, g.name]));
    const ruleNames = new Map<PairRow, string>(
      await Promise.all(
        [...new Set([...badActors, ...chattering])].map(
          async (p) => [p, await this.repo.ruleName(f, p.device_id, p.rule_id, p.template_id)] as const,
        ),
      ),
    );
    const named = (p: PairRow, count: number) => ({
      rule_id: p.rule_id,
      rule_name: ruleNames.get(p) ?? '',
      device_id: p.device_id,
      device_name: devices.get(p.device_id)?.name ?? '',
      level: p.level,
      count,
    });
    const sum = (v: (p: PairRow) => number) => pairs.reduce((s, p) => s + v(p), 0);
    const ackN = sum((p) => p.ack_n);
    const recN = sum((p) => p.rec_n);
    return {
      start: q.start,
      end: q.end,
      at: now,
      total: sum((p) => p.n),
      ...seriesOf(windows, q),
      bad_actors: badActors.map((p) => named(p, p.n)),
      chattering: {
        records: sum((p) => p.chatter),
        pairs: pairs.filter((p) => p.chatter > 0).length,
        top: chattering.map((p) => named(p, p.chatter)),
      },
      stale: {
        // Recovered late, and still active past a day now.
        records: sum((p) => p.stale) + staleActive,
        active: staleRows.map((r) => ({
          id: r.id,
          rule_name: r.rule_name,
          device_id: r.device_id,
          device_name: devices.get(r.device_id)?.name ?? '',
          level: Number(r.level),
          alarm_at: Number(r.alarm_at),
        })),
      },
      acknowledge: {
        count: ackN,
        avg_s: average(
          sum((p) => p.ack_sum),
          ackN,
        ),
      },
      recover: {
        count: recN,
        avg_s: average(
          sum((p) => p.rec_sum),
          recN,
        ),
      },
      by_template: slices(
        pairs,
        (p) => p.template_id,
        (id) => templates.get(id ?? 0) ?? '',
      ),
      by_group: slices(
        pairs,
        (p) => devices.get(p.device_id)?.group_id ?? null,
        (id) => (id === null ? '' : (groups.get(id) ?? '')),
      ),
    };
  }
}
