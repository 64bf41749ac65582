import {
  AUDIT_EXPORT_MAX,
  type AuditAction,
  type AuditEntry,
  type CallQuery,
  type exportAudit,
  type listAudit,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { BusEvents } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { AuditLogTable } from '../../platform/db/schema';
import { pageWindow } from '../../platform/db/sql';
import type { SessionUser } from '../../platform/http/session';
import { localTime } from '../alarms';
import { writeAuditSheet } from './export';
import type { AuditRepo } from './repo';

const DAY = 86_400;

function parseDetail(json: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(json);
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return {};
    return Object.fromEntries(
      Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
}

function toEntry(r: Selectable<AuditLogTable>): AuditEntry {
  return {
    id: Number(r.id),
    at: Number(r.at),
    user_id: r.user_id === null ? null : Number(r.user_id),
    user_name: r.user_name,
    user_account: r.user_account,
    ip: r.ip,
    // Only this module writes the column, always from AuditAction (write() takes nothing else).
    action: r.action as AuditAction,
    target: r.target,
    detail: parseDetail(r.detail),
  };
}

/**
 * The audit log (beyond the spec; issue 15): append-only, per team, read by the main account only
 * (the calls' `mainAccount` requirement). Modules announce actions on the bus (platform/audit.ts);
 * this instance writes those it emitted. Rows older than the retention are deleted hourly.
 */
export class AuditService {
  /** Writes under way: a list waits for them, so an action shows as soon as its call answered. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly repo: AuditRepo,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly retentionDays: number,
  ) {}

  /** Appends one announced action; a failed write is logged, never thrown at the announcing module. */
  record(e: BusEvents['audit']): void {
    this.track(this.write(e, epochSeconds(this.clock)));
  }

  private track(work: Promise<unknown>): void {
    const p: Promise<void> = work
      .then(() => undefined)
      .catch((err: unknown) => this.log.error({ err }, 'audit'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves once every write started so far has ended. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async write(e: BusEvents['audit'], at: number): Promise<void> {
    const who = e.userId === null ? undefined : await this.repo.actor(e.userId);
    await this.repo.append({
      team_id: e.teamId,
      at,
      user_id: e.userId,
      user_name: (who ? who.alias_name || who.name : '').slice(0, 100),
      user_account: (who?.username ?? '').slice(0, 100),
      ip: e.ip.slice(0, 64),
      action: e.action,
      target: e.target.slice(0, 200),
      detail: JSON.stringify(e.detail),
    });
  }

  async list(user: SessionUser, q: CallQuery<typeof listAudit>) {
    await this.settled();
    const { offset, limit } = pageWindow(q.page, q.pageSize);
    const { rows, total } = await this.repo.list(user.teamId, q, offset, limit);
    return { list: rows.map(toEntry), total };
  }

  async export(user: SessionUser, q: CallQuery<typeof exportAudit>) {
    await this.settled();
    const { rows, total } = await this.repo.list(user.teamId, q, 0, AUDIT_EXPORT_MAX);
    const buf = await writeAuditSheet(rows.map(toEntry), q.timezone, q.locale);
    const stamp = localTime(epochSeconds(this.clock), q.timezone).replace(/[-: ]/g, '').slice(0, 12);
    return { filename: `audit_log_${stamp}.xlsx`, content_base64: buf.toString('base64'), total };
  }

  /** Deletes what is older than the retention (AUDIT_RETENTION_DAYS); returns how many rows went. */
  async housekeeping(): Promise<number> {
    const pruned = await this.repo.prune(epochSeconds(this.clock) - this.retentionDays * DAY);
    if (pruned) this.log.info({ pruned }, 'audit log pruned');
    return pruned;
  }

  /** Runs housekeeping in the background (the hourly job), tracked like a write. */
  houseKeepLater(): void {
    this.track(this.housekeeping());
  }
}
