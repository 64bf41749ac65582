import { sql, type Kysely, type Transaction } from 'kysely';
import { idsOrNone } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { Queryable } from '../../platform/db/sql';

const RA = 2;

/** SQL of the traffic ledger, the card charges and the traffic switch. */
export class TrafficRepo {
  constructor(readonly db: Kysely<Database>) {}

  /** Cards a device may consume: its own allocated ones first, then the team's, earliest expiry first. */
  chargeableCards(teamId: number, deviceId: number, now: number, q: Queryable = this.db) {
    return (
      q
        .selectFrom('billing_cards')
        .select(['id', 'traffic_bytes', 'used_bytes', 'device_id', 'expires_at'])
        .where('team_id', '=', teamId)
        .where('type', '=', RA)
        .where('expires_at', '>', now)
        // A card allocated to hardware now unbound (device_id null, allocated_at set) is no one's to use.
        .where((eb) => eb.or([eb('device_id', '=', deviceId), eb('allocated_at', 'is', null)]))
        .orderBy(sql`case when allocated_at is null then 1 else 0 end`)
        .orderBy('expires_at')
        .orderBy('id')
        .execute()
    );
  }

  /** Takes `bytes` from a card only if they fit, so racing charges never overspend it. */
  async takeFromCard(cardId: number, bytes: number, trx: Transaction<Database>): Promise<boolean> {
    const r = await trx
      .updateTable('billing_cards')
      .set((eb) => ({ used_bytes: eb('used_bytes', '+', bytes) }))
      .where('id', '=', cardId)
      .where(sql<boolean>`used_bytes + ${bytes} <= traffic_bytes`)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Gives a card back bytes a hold took from it and did not use. */
  async returnToCard(cardId: number, bytes: number, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable('billing_cards')
      .set((eb) => ({ used_bytes: eb('used_bytes', '-', bytes) }))
      .where('id', '=', cardId)
      .where('used_bytes', '>=', bytes)
      .execute();
  }

  async recordCharge(cardId: number, deviceId: number, month: string, bytes: number, trx: Queryable) {
    await trx
      .insertInto('billing_charges')
      .values({ card_id: cardId, device_id: deviceId, month, bytes })
      .onConflict((oc) =>
        oc
          .columns(['card_id', 'device_id', 'month'])
          .doUpdateSet({ bytes: sql`billing_charges.bytes + excluded.bytes` }),
      )
      .execute();
  }

  async recordUsage(deviceId: number, teamId: number, month: string, bytes: number, trx: Queryable) {
    await trx
      .insertInto('traffic_usage')
      .values({ device_id: deviceId, team_id: teamId, month, bytes })
      .onConflict((oc) =>
        oc.columns(['device_id', 'month']).doUpdateSet({ bytes: sql`traffic_usage.bytes + excluded.bytes` }),
      )
      .execute();
  }

  /** Bytes per month of the given devices (null: the whole team) from `fromMonth` on. */
  monthlyUsage(teamId: number, deviceIds: readonly number[] | null, fromMonth: string) {
    let q = this.db
      .selectFrom('traffic_usage')
      .select((eb) => ['month', eb.fn.sum<number>('bytes').as('bytes')])
      .where('team_id', '=', teamId)
      .where('month', '>=', fromMonth);
    if (deviceIds !== null) q = q.where('device_id', 'in', idsOrNone(deviceIds));
    return q.groupBy('month').execute();
  }

  deviceUsageIn(teamId: number, deviceIds: readonly number[] | null, month: string) {
    let q = this.db
      .selectFrom('traffic_usage as t')
      .innerJoin('devices as d', 'd.id', 't.device_id')
      .select(['t.device_id', 'd.name as device_name', 't.bytes'])
      .where('t.team_id', '=', teamId)
      .where('t.month', '=', month);
    if (deviceIds !== null) q = q.where('t.device_id', 'in', idsOrNone(deviceIds));
    return q.orderBy('t.bytes', 'desc').orderBy('t.device_id').execute();
  }

  findSwitch(deviceId: number) {
    return this.db
      .selectFrom('traffic_switches')
      .selectAll()
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  switches(deviceIds: readonly number[]) {
    return this.db
      .selectFrom('traffic_switches')
      .select(['device_id', 'on_month', 'off_month'])
      .where('device_id', 'in', idsOrNone(deviceIds))
      .execute();
  }

  async saveSwitch(
    row: { device_id: number; team_id: number; on_month: string | null; off_month: string | null },
    now: number,
  ): Promise<void> {
    await this.db
      .insertInto('traffic_switches')
      .values({ ...row, updated_at: now })
      .onConflict((oc) =>
        oc
          .column('device_id')
          .doUpdateSet({ on_month: row.on_month, off_month: row.off_month, updated_at: now }),
      )
      .execute();
  }
}
