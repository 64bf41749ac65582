import { limits } from '@hmi/contract';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import { failInput } from '../../platform/errors';
import type { Queryable } from '../../platform/db/sql';
import type { SessionUser } from '../../platform/http/session';
import type { LapseKind } from '../../platform/db/schema-billing';
import type { DataPermissionService } from '../data-permissions';
import { groupsOf, visibleDevice } from './access';
import { CARD_VALIDITY_SECONDS } from './cards';
import { CardType, type BillingRepo } from './repo';
import { isLevelUp, planLapses } from './rules';
import { toAllocation } from './views';

/** What TAG history a device stores (the connectivity pipeline asks this per device). */
export type HistoryPolicy =
  { store: 'all' } | { store: 'none' } | { store: 'limited'; tag_count: number; frequency_min: number };

/** How long a device's policy is reused before it is read again (allocations also invalidate it). */
const POLICY_CACHE_SECONDS = 60;

export interface LapsePlan {
  templates: { expire: number[]; restore: number[] };
  projects: { expire: number[]; restore: number[] };
}

/**
 * Cloud Application entitlements: the TAG pool and its allocations to devices, the template and
 * project allowance, and which templates and projects are out of service because of it.
 */
export class Entitlements {
  private readonly policies = new Map<number, { policy: HistoryPolicy; until: number }>();

  constructor(
    private readonly repo: BillingRepo,
    private readonly perms: DataPermissionService,
    private readonly clock: Clock,
    readonly enabled: boolean,
    /** The audit log's way in (null: not audited, as in unit tests of the rules). */
    private readonly bus: Bus | null = null,
  ) {}

  private now(): number {
    return epochSeconds(this.clock);
  }

  /** TAGs of the team's active Cloud Application cards, allocated now, and free. */
  async pool(teamId: number): Promise<{ pool: number; allocated: number; free: number }> {
    const now = this.now();
    const cards = await this.repo.activeCards(teamId, CardType.CA, now);
    const pool = cards.reduce((n, c) => n + c.tag_count, 0);
    const allocated = await this.repo.allocatedTags(teamId, now);
    return { pool, allocated, free: Math.max(0, pool - allocated) };
  }

  /**
   * Templates the team may hold (projects likewise); null when billing is off. The base is the main
   * account's template_max_num (the spec's default 1, which the operator may raise), plus the
   * templates of the active Cloud Application cards.
   */
  async templateAllowance(teamId: number): Promise<number | null> {
    if (!this.enabled) return null;
    const [base, cards] = await Promise.all([
      this.repo.baseTemplateMax(teamId),
      this.repo.activeCards(teamId, CardType.CA, this.now()),
    ]);
    return (base ?? limits.defaultTemplateMaxNum) + cards.reduce((n, c) => n + c.template_count, 0);
  }

  async historyPolicy(deviceId: number): Promise<HistoryPolicy> {
    if (!this.enabled) return { store: 'all' };
    const now = this.now();
    const cached = this.policies.get(deviceId);
    if (cached && cached.until > now) return cached.policy;
    const a = await this.repo.currentAllocation(deviceId, now);
    const policy: HistoryPolicy = a
      ? { store: 'limited', tag_count: a.tag_count, frequency_min: a.frequency_min }
      : { store: 'none' };
    const until = Math.min(now + POLICY_CACHE_SECONDS, a ? Number(a.ends_at) : Infinity);
    this.policies.set(deviceId, { policy, until });
    return policy;
  }

  /** Whether the team holds cards in their validity (its main account cannot join another team). */
  teamHoldsCards(teamId: number, q?: Queryable): Promise<boolean> {
    return this.repo.teamHoldsCards(teamId, this.now(), q);
  }

  /**
   * Allocates TAGs from the free pool, irreversibly: a later allocation must be a level up, replaces
   * the current one and takes only the difference. Valid until the latest expiry of the team's
   * active Cloud Application cards (at most a year).
   */
  async allocate(user: SessionUser, body: { device_id: number; tag_count: number; frequency_min: number }) {
    const { device } = await visibleDevice(this.repo, this.perms, user, body.device_id);
    const created = await this.repo.transaction(async (trx) => {
      await this.repo.lockAccount(user.teamId, trx);
      const now = this.now();
      const cards = await this.repo.activeCards(user.teamId, CardType.CA, now, trx);
      const pool = cards.reduce((n, c) => n + c.tag_count, 0);
      const current = await this.repo.currentAllocation(device.id, now, trx);
      if (current && !isLevelUp(current, body)) failInput('tag_count', 'levelDown');
      const free = pool - (await this.repo.allocatedTags(user.teamId, now, trx));
      const needed = body.tag_count - (current?.tag_count ?? 0);
      if (pool === 0 || needed > free) failInput('tag_count', 'poolExceeded');
      const latest = Math.max(...cards.map((c) => Number(c.expires_at)));
      const row = {
        team_id: user.teamId,
        device_id: device.id,
        sn: device.sn,
        tag_count: body.tag_count,
        frequency_min: body.frequency_min,
        starts_at: now,
        ends_at: Math.min(latest, now + CARD_VALIDITY_SECONDS),
        created_by: user.id,
      };
      if (current) await this.repo.endAllocation(current.id, now, trx);
      const { id } = await this.repo.insertAllocation(row, trx);
      return { id, ...row };
    });
    this.policies.delete(device.id);
    if (this.bus)
      audit(this.bus, {
        teamId: user.teamId,
        userId: user.id,
        action: 'tagsAllocated',
        target: device.name,
        detail: { tags: String(body.tag_count), minutes: String(body.frequency_min) },
      });
    return toAllocation(created, device.name, this.now());
  }

  async listAllocations(
    user: SessionUser,
    q: { page: number; pageSize: number; device_id?: number | undefined },
  ) {
    const scope = await this.perms.scope(user);
    const now = this.now();
    const { rows, total } = await this.repo.listAllocations(
      user.teamId,
      groupsOf(scope),
      q.device_id,
      q.page,
      q.pageSize,
    );
    return { list: rows.map((r) => toAllocation(r, r.device_name, now)), total };
  }

  async currentAllocation(deviceId: number) {
    return this.repo.currentAllocation(deviceId, this.now());
  }

  /**
   * Puts the templates and projects over the allowance out of service (newest first) and returns
   * expired ones within it (newest first). Run after each activation and by the housekeeping job.
   */
  async expireAndRestore(teamId: number): Promise<LapsePlan> {
    const allowance = await this.templateAllowance(teamId);
    const now = this.now();
    return this.repo.transaction(async (trx) => {
      const plan = async (kind: LapseKind) => {
        const p = planLapses(await this.repo.lapseCandidates(teamId, kind, trx), allowance);
        await this.repo.applyLapses(teamId, kind, p, now, trx);
        return p;
      };
      return { templates: await plan('template'), projects: await plan('project') };
    });
  }

  /** Ids of the team's templates or projects billing has put out of service. */
  lapsed(teamId: number, kind: LapseKind): Promise<number[]> {
    return this.repo.lapsedIds(teamId, kind);
  }
}
