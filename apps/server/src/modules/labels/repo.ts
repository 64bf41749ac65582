import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Q = Kysely<Database> | Transaction<Database>;

/** SQL of team labels. */
export class LabelRepo {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  list(teamId: number) {
    return this.db
      .selectFrom('labels')
      .select(['id', 'name', 'created_at'])
      .where('team_id', '=', teamId)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  find(teamId: number, id: number) {
    return this.db
      .selectFrom('labels')
      .select(['id', 'name', 'created_at'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async count(teamId: number, q: Q = this.db): Promise<number> {
    const r = await q
      .selectFrom('labels')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async nameTaken(teamId: number, name: string, exceptId: number | null, q: Q = this.db): Promise<boolean> {
    let s = q.selectFrom('labels').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptId !== null) s = s.where('id', '!=', exceptId);
    return (await s.executeTakeFirst()) !== undefined;
  }

  insert(row: { team_id: number; name: string; created_at: number }, q: Q) {
    return q
      .insertInto('labels')
      .values(row)
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirstOrThrow();
  }

  async rename(teamId: number, id: number, name: string): Promise<void> {
    await this.db
      .updateTable('labels')
      .set({ name })
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .execute();
  }

  async remove(teamId: number, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('device_labels').where('label_id', '=', id).execute();
      await trx.deleteFrom('labels').where('team_id', '=', teamId).where('id', '=', id).execute();
    });
  }

  /** Per label, how many of the given devices carry it. */
  async deviceCounts(teamId: number, deviceFilter: readonly number[] | null): Promise<Map<number, number>> {
    let q = this.db
      .selectFrom('device_labels')
      .innerJoin('devices', 'devices.id', 'device_labels.device_id')
      .select('device_labels.label_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('devices.team_id', '=', teamId);
    if (deviceFilter !== null)
      q = q.where('devices.group_id', 'in', deviceFilter.length ? [...deviceFilter] : [-1]);
    const rows = await q.groupBy('device_labels.label_id').execute();
    return new Map(rows.map((r) => [r.label_id, Number(r.n)]));
  }

  /** Which of `ids` are labels of the team. */
  async teamLabelIds(teamId: number, ids: readonly number[], q: Q = this.db): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await q
      .selectFrom('labels')
      .select('id')
      .where('team_id', '=', teamId)
      .where('id', 'in', [...ids])
      .execute();
    return rows.map((r) => r.id);
  }
}
