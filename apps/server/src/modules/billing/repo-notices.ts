import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';

const CA = 1;
/** Subjects asked about in one statement. */
const SUBJECTS_PER_QUERY = 500;

/** SQL of the billing housekeeping: what the reminders look at, the notices sent, the teams to lapse. */
export class NoticeRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** Activated cards of every team still in their validity. */
  async activeCards(now: number) {
    const rows = await this.db
      .selectFrom('billing_cards')
      .select(['id', 'team_id', 'type', 'number', 'expires_at', 'traffic_bytes', 'used_bytes', 'device_id'])
      .where('team_id', 'is not', null)
      .where('expires_at', '>', now)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      ...r,
      team_id: Number(r.team_id),
      expires_at: Number(r.expires_at),
      traffic_bytes: Number(r.traffic_bytes),
      used_bytes: Number(r.used_bytes),
    }));
  }

  /** Current TAG allocations of every team, with their devices' names. */
  async currentAllocations(now: number) {
    const rows = await this.db
      .selectFrom('billing_allocations as a')
      .innerJoin('devices as d', 'd.id', 'a.device_id')
      .select(['a.id', 'a.team_id', 'a.device_id', 'd.name as device_name', 'a.ends_at', 'a.tag_count'])
      // The join keeps only allocations of bound devices (an unbound device's has device_id null).
      .$narrowType<{ device_id: number }>()
      .where('a.starts_at', '<=', now)
      .where('a.ends_at', '>', now)
      .orderBy('a.id')
      .execute();
    return rows.map((r) => ({ ...r, ends_at: Number(r.ends_at) }));
  }

  /** Keys (`subject|kind|threshold`) of the notices sent about `subjects`. */
  async sentKeys(subjects: readonly string[]): Promise<Set<string>> {
    const keys = new Set<string>();
    for (let i = 0; i < subjects.length; i += SUBJECTS_PER_QUERY) {
      const rows = await this.db
        .selectFrom('billing_notices')
        .select(['subject', 'kind', 'threshold'])
        .where('subject', 'in', subjects.slice(i, i + SUBJECTS_PER_QUERY))
        .execute();
      for (const r of rows) keys.add(`${r.subject}|${r.kind}|${r.threshold}`);
    }
    return keys;
  }

  /** Records a notice as sent; false when it was already (another instance sent it). */
  async markSent(
    n: { subject: string; kind: number; threshold: number; team_id: number },
    now: number,
    q: Queryable,
  ): Promise<boolean> {
    const r = await q
      .insertInto('billing_notices')
      .values({ subject: n.subject, kind: n.kind, threshold: n.threshold, team_id: n.team_id, sent_at: now })
      .onConflict((oc) => oc.columns(['subject', 'kind', 'threshold']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /**
   * Teams whose templates or projects an allowance change may concern: those that ever activated a
   * Cloud Application card, and those with something expired.
   */
  async lapseTeams(): Promise<number[]> {
    const [cards, lapses] = await Promise.all([
      this.db
        .selectFrom('billing_cards')
        .select('team_id')
        .distinct()
        .where('type', '=', CA)
        .where('team_id', 'is not', null)
        .execute(),
      this.db.selectFrom('billing_lapses').select('team_id').distinct().execute(),
    ]);
    const teams = new Set([...cards, ...lapses].map((r) => Number(r.team_id)));
    return [...teams].sort((a, b) => a - b);
  }
}
