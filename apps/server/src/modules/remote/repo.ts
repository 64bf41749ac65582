import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database, RemoteSessionTable } from '../../platform/db/schema';
import { pageWindow, countOf, withTotal } from '../../platform/db/sql';
import { HEARTBEAT_STALE_S } from '../../platform/tunnel/hub';

/** What opening a session writes; the heartbeat, end and traffic columns start from it. */
export type NewRemoteSession = Omit<RemoteSessionTable, 'heartbeat_at' | 'ended_at' | 'reason' | 'bytes'>;

/** SQL of remote view sessions (times epoch seconds). */
export class RemoteRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `fn` with this repo in a transaction holding the device's row, so that instances sharing
   * the database decide one at a time who may control it (a check of the open sessions, then an
   * insert). PostgreSQL locks the row until commit; SQLite's transactions are IMMEDIATE (one writer
   * at a time) already.
   */
  lockingDevice<T>(deviceId: number, fn: (repo: RemoteRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (trx.getExecutor().adapter instanceof PostgresAdapter)
        await trx.selectFrom('devices').select('id').where('id', '=', deviceId).forUpdate().execute();
      return fn(new RemoteRepo(trx));
    });
  }

  insert(s: NewRemoteSession): Promise<unknown> {
    return this.db
      .insertInto('remote_sessions')
      .values({ ...s, heartbeat_at: s.started_at, bytes: 0 })
      .execute();
  }

  find(id: string) {
    return this.db.selectFrom('remote_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Sessions still open (not ended, alive within the heartbeat window) of a device or a user. */
  open(by: { deviceId?: number; userId?: number }, now: number) {
    let q = this.db
      .selectFrom('remote_sessions')
      .selectAll()
      .where('ended_at', 'is', null)
      .where('heartbeat_at', '>=', now - HEARTBEAT_STALE_S);
    if (by.deviceId !== undefined) q = q.where('device_id', '=', by.deviceId);
    if (by.userId !== undefined) q = q.where('user_id', '=', by.userId);
    return q.orderBy('started_at').execute();
  }

  heartbeat(ids: readonly string[], now: number): Promise<unknown> {
    if (!ids.length) return Promise.resolve();
    return this.db
      .updateTable('remote_sessions')
      .set({ heartbeat_at: now })
      .where('id', 'in', [...ids])
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Sessions nobody keeps alive (never joined, or their instance stopped) end as left by the user. */
  endStale(before: number): Promise<unknown> {
    return this.db
      .updateTable('remote_sessions')
      .set((eb) => ({ ended_at: eb.ref('heartbeat_at'), reason: 'user' }))
      .where('ended_at', 'is', null)
      .where('heartbeat_at', '<', before)
      .execute();
  }

  setMode(id: string, mode: string): Promise<unknown> {
    return this.db.updateTable('remote_sessions').set({ mode }).where('id', '=', id).execute();
  }

  /** Ends a session once (a second end changes nothing). */
  end(id: string, reason: string, bytes: number, now: number): Promise<unknown> {
    return this.db
      .updateTable('remote_sessions')
      .set({ ended_at: now, reason, bytes })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** The team's idle minutes, or null when it never set them. */
  async idleMinutes(teamId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('team_remote_settings')
      .select('idle_minutes')
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    return row ? row.idle_minutes : null;
  }

  setIdleMinutes(teamId: number, minutes: number, now: number): Promise<unknown> {
    return this.db
      .insertInto('team_remote_settings')
      .values({ team_id: teamId, idle_minutes: minutes, updated_at: now })
      .onConflict((oc) => oc.column('team_id').doUpdateSet({ idle_minutes: minutes, updated_at: now }))
      .execute();
  }

  async list(deviceId: number, page: number, pageSize: number) {
    const { offset, limit } = pageWindow(page, pageSize);
    const q = this.db.selectFrom('remote_sessions').where('device_id', '=', deviceId);
    return withTotal(
      q
        .leftJoin('users', 'users.id', 'remote_sessions.user_id')
        .select([
          'remote_sessions.id',
          'remote_sessions.user_id',
          'users.name as user_name',
          'remote_sessions.mode',
          'remote_sessions.started_at',
          'remote_sessions.ended_at',
          'remote_sessions.reason',
          'remote_sessions.bytes',
        ])
        .orderBy('remote_sessions.started_at', 'desc')
        .orderBy('remote_sessions.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      countOf(q),
    );
  }
}
