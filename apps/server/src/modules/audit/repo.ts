import type { CallQuery, listAudit } from '@hmi/contract';
import { sql, type Insertable } from 'kysely';
import { RepoBase } from '../../platform/db/repo-base';
import type { AuditLogTable } from '../../platform/db/schema';
import { containsIgnoringCase, countOf, withTotal } from '../../platform/db/sql';

export type AuditFilter = Omit<CallQuery<typeof listAudit>, 'page' | 'pageSize'>;

/** SQL of the audit log: append, list, retention. Nothing here edits a row. */
export class AuditRepo extends RepoBase {
  append(row: Insertable<AuditLogTable>): Promise<unknown> {
    return this.db.insertInto('audit_log').values(row).execute();
  }

  /** Who acted, as the log keeps it (the name they had then). */
  actor(userId: number) {
    return this.db
      .selectFrom('users')
      .select(['name', 'alias_name', 'username'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  private filtered(teamId: number, f: AuditFilter) {
    let q = this.db.selectFrom('audit_log').where('team_id', '=', teamId);
    if (f.start !== undefined) q = q.where('at', '>=', f.start);
    if (f.end !== undefined) q = q.where('at', '<=', f.end);
    if (f.action !== undefined) q = q.where('action', '=', f.action);
    if (f.user_id !== undefined) q = q.where('user_id', '=', f.user_id);
    if (f.keyword) {
      const p = containsIgnoringCase(f.keyword);
      q = q.where((eb) =>
        eb.or(
          (['target', 'user_name', 'user_account', 'ip'] as const).map((col) =>
            eb(sql`lower(${sql.ref(col)})`, 'like', p),
          ),
        ),
      );
    }
    return q;
  }

  list(teamId: number, f: AuditFilter, offset: number, limit: number) {
    return withTotal(
      this.filtered(teamId, f)
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countOf(this.filtered(teamId, f)),
    );
  }

  /** Deletes the rows older than `before` (epoch seconds); returns how many. */
  async prune(before: number): Promise<number> {
    const r = await this.db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
