import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database, PassthroughSessionTable } from '../../platform/db/schema';
import { countOf, pageWindow, withTotal } from '../../platform/db/sql';
import { HEARTBEAT_STALE_S } from '../../platform/tunnel/hub';

export type NewPassthroughSession = Omit<
  PassthroughSessionTable,
  'heartbeat_at' | 'ended_at' | 'reason' | 'bytes'
>;

/** SQL of pass-through sessions (times epoch seconds). */
export class PassthroughRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `fn` holding the device's row, so instances count a device's open sessions one at a time. */
  lockingDevice<T>(deviceId: number, fn: (repo: PassthroughRepo) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (trx.getExecutor().adapter instanceof PostgresAdapter)
        await trx.selectFrom('devices').select('id').where('id', '=', deviceId).forUpdate().execute();
      return fn(new PassthroughRepo(trx));
    });
  }

  insert(s: NewPassthroughSession): Promise<unknown> {
    return this.db
      .insertInto('passthrough_sessions')
      .values({ ...s, heartbeat_at: s.started_at, bytes: 0 })
      .execute();
  }

  find(id: string) {
    return this.db.selectFrom('passthrough_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Open sessions (not ended, alive within the heartbeat window) of a device or a user. */
  async countOpen(by: { deviceId: number } | { userId: number }, now: number): Promise<number> {
    let q = this.db
      .selectFrom('passthrough_sessions')
      .where('ended_at', 'is', null)
      .where('heartbeat_at', '>=', now - HEARTBEAT_STALE_S);
    q = 'deviceId' in by ? q.where('device_id', '=', by.deviceId) : q.where('user_id', '=', by.userId);
    return countOf(q);
  }

  /** Keeps the sessions this instance holds open, with the bytes they carried so far. */
  async heartbeat(sessions: readonly { id: string; bytes: number }[], now: number): Promise<void> {
    for (const s of sessions)
      await this.db
        .updateTable('passthrough_sessions')
        .set({ heartbeat_at: now, bytes: s.bytes })
        .where('id', '=', s.id)
        .where('ended_at', 'is', null)
        .execute();
  }

  /** Sessions nobody keeps alive (never joined, or their instance stopped) end as left by the user. */
  endStale(before: number): Promise<unknown> {
    return this.db
      .updateTable('passthrough_sessions')
      .set((eb) => ({ ended_at: eb.ref('heartbeat_at'), reason: 'user' }))
      .where('ended_at', 'is', null)
      .where('heartbeat_at', '<', before)
      .execute();
  }

  /** Ends a session once; true when this call ended it. */
  async end(id: string, reason: string, bytes: number | null, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('passthrough_sessions')
      .set(bytes === null ? { ended_at: now, reason } : { ended_at: now, reason, bytes })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** The final byte count of a session whose end was recorded elsewhere (ended from the console). */
  setBytes(id: string, bytes: number): Promise<unknown> {
    return this.db.updateTable('passthrough_sessions').set({ bytes }).where('id', '=', id).execute();
  }

  private records() {
    return this.db
      .selectFrom('passthrough_sessions as p')
      .innerJoin('devices as d', 'd.id', 'p.device_id')
      .leftJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id',
        'p.device_id',
        'd.name as device_name',
        'p.user_id',
        'u.name as user_name',
        'p.target',
        'p.max_minutes',
        'p.started_at',
        'p.ended_at',
        'p.reason',
        'p.bytes',
      ]);
  }

  async list(deviceId: number, page: number, pageSize: number) {
    const { offset, limit } = pageWindow(page, pageSize);
    return withTotal(
      this.records()
        .where('p.device_id', '=', deviceId)
        .orderBy('p.started_at', 'desc')
        .orderBy('p.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      countOf(this.db.selectFrom('passthrough_sessions').where('device_id', '=', deviceId)),
    );
  }

  /** A team's open sessions (at most sessions-per-device × its devices: no paging needed). */
  listOpen(teamId: number, now: number) {
    return this.records()
      .where('p.team_id', '=', teamId)
      .where('p.ended_at', 'is', null)
      .where('p.heartbeat_at', '>=', now - HEARTBEAT_STALE_S)
      .orderBy('p.started_at', 'desc')
      .execute();
  }
}
