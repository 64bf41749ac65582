import { type Insertable, type Kysely, type Transaction } from 'kysely';
import { anyRow } from '../../platform/db/rows';
import { idsOrNone } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { BillingCardTable, LapseKind } from '../../platform/db/schema-billing';
import { pageWindow, type Queryable, countOf, withTotal } from '../../platform/db/sql';
import { TrafficRepo } from './repo-traffic';

export interface CardFilter {
  type?: number | undefined;
  status?: number | undefined;
}

/** Only devices in these groups (null: every device of the team). */
export type DeviceGroups = readonly number[] | null;

const CA = 1;
const RA = 2;

/** TAG allocations in force at `now`: from `starts_at`, until (not at) `ends_at`. */
function allocationsAt(q: Queryable, now: number) {
  return q.selectFrom('billing_allocations').where('starts_at', '<=', now).where('ends_at', '>', now);
}

/** SQL of the billing tables, plus the reads of devices, templates and projects billing needs. */
export class BillingRepo {
  readonly traffic: TrafficRepo;

  constructor(readonly db: Kysely<Database>) {
    this.traffic = new TrafficRepo(db);
  }

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  // cards

  insertCards(rows: Insertable<BillingCardTable>[], q: Queryable = this.db) {
    return q.insertInto('billing_cards').values(rows).returning(['id', 'number']).execute();
  }

  findByTail(tail: string) {
    return this.db.selectFrom('billing_cards').selectAll().where('number_tail', '=', tail).executeTakeFirst();
  }

  private cardView(q: Queryable) {
    return q
      .selectFrom('billing_cards as c')
      .leftJoin('users as u', 'u.id', 'c.activated_by')
      .leftJoin('devices as d', 'd.id', 'c.device_id')
      .selectAll('c')
      .select(['u.name as activated_by_name', 'd.name as device_name', 'd.group_id as device_group_id']);
  }

  findCard(teamId: number, id: number, q: Queryable = this.db) {
    return this.cardView(q).where('c.team_id', '=', teamId).where('c.id', '=', id).executeTakeFirst();
  }

  /** The team's cards, before any filter (the base that paging filters and counts). */
  private teamCards(teamId: number) {
    return this.db.selectFrom('billing_cards as c').where('c.team_id', '=', teamId);
  }

  /** One page of the cards `base` selects, newest activation first, and their total. */
  private cardPage(base: ReturnType<BillingRepo['teamCards']>, page: number, pageSize: number) {
    const { offset, limit } = pageWindow(page, pageSize);
    return withTotal(
      this.cardView(this.db)
        .where('c.id', 'in', base.select('c.id'))
        .orderBy('c.activated_at', 'desc')
        .orderBy('c.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countOf(base),
    );
  }

  async listCards(teamId: number, f: CardFilter, now: number, page: number, pageSize: number) {
    let base = this.teamCards(teamId);
    if (f.type !== undefined) base = base.where('c.type', '=', f.type);
    if (f.status === 0) base = base.where('c.activated_at', 'is', null);
    if (f.status === 1) base = base.where('c.expires_at', '>', now);
    if (f.status === 2) base = base.where('c.expires_at', '<=', now);
    return this.cardPage(base, page, pageSize);
  }

  /** Sets the team only while the card has none, so of racing activations exactly one wins. */
  async activate(id: number, teamId: number, userId: number, now: number, expiresAt: number) {
    const r = await this.db
      .updateTable('billing_cards')
      .set({ team_id: teamId, activated_by: userId, activated_at: now, expires_at: expiresAt })
      .where('id', '=', id)
      .where('team_id', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async allocateCard(id: number, device: { id: number; sn: string }, now: number) {
    const r = await this.db
      .updateTable('billing_cards')
      .set({ device_id: device.id, device_sn: device.sn, allocated_at: now })
      .where('id', '=', id)
      .where('allocated_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  cardUsage(cardId: number) {
    return this.db
      .selectFrom('billing_charges as ch')
      .leftJoin('devices as d', 'd.id', 'ch.device_id')
      .select(['ch.month', 'ch.device_id', 'ch.bytes', 'd.name as device_name', 'd.group_id'])
      .where('ch.card_id', '=', cardId)
      .orderBy('ch.month', 'desc')
      .orderBy('ch.device_id')
      .execute();
  }

  /** The team's cards of `type` in their validity at `now`. */
  activeCards(teamId: number, type: number, now: number, q: Queryable = this.db) {
    return q
      .selectFrom('billing_cards')
      .selectAll()
      .where((eb) => eb.and({ team_id: teamId, type }))
      .where('expires_at', '>', now)
      .orderBy('expires_at')
      .orderBy('id')
      .execute();
  }

  async recharges(teamId: number, type: number | undefined, page: number, pageSize: number) {
    let base = this.teamCards(teamId).where('c.activated_at', 'is not', null);
    if (type !== undefined) base = base.where('c.type', '=', type);
    return this.cardPage(base, page, pageSize);
  }

  /** template_max_num of the team's main account: the allowance's base (the spec's default 1). */
  async baseTemplateMax(teamId: number, q: Queryable = this.db): Promise<number | null> {
    const r = await q
      .selectFrom('users')
      .select('template_max_num')
      .where('team_id', '=', teamId)
      .where('is_main', '=', 1)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    return r?.template_max_num ?? null;
  }

  teamHoldsCards(teamId: number, now: number, q: Queryable = this.db): Promise<boolean> {
    return anyRow(
      q.selectFrom('billing_cards').select('id').where('team_id', '=', teamId).where('expires_at', '>', now),
    );
  }

  // TAG allocations

  /** Queues concurrent allocations of one team on its billing_accounts row. */
  async lockAccount(teamId: number, trx: Transaction<Database>): Promise<void> {
    await trx
      .insertInto('billing_accounts')
      .values({ team_id: teamId })
      .onConflict((oc) => oc.column('team_id').doNothing())
      .execute();
    await trx
      .updateTable('billing_accounts')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('team_id', '=', teamId)
      .execute();
  }

  currentAllocation(deviceId: number, now: number, q: Queryable = this.db) {
    return allocationsAt(q, now)
      .selectAll()
      .where('device_id', '=', deviceId)
      .$narrowType<{ device_id: number }>()
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The current allocations of `deviceIds`. */
  currentAllocations(deviceIds: readonly number[], now: number) {
    return allocationsAt(this.db, now)
      .select(['device_id', 'tag_count', 'frequency_min', 'ends_at'])
      .where('device_id', 'in', idsOrNone(deviceIds))
      .$narrowType<{ device_id: number }>()
      .execute();
  }

  async allocatedTags(teamId: number, now: number, q: Queryable = this.db): Promise<number> {
    const r = await allocationsAt(q, now)
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tag_count'), eb.lit(0)).as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Gives a device just bound the TAG allocations and Remote Access cards its hardware kept in this
   * team while unbound (allocation is irreversible: an unbind neither ends it nor returns it to the
   * team's pool).
   */
  async reattachAllocations(teamId: number, sn: string, deviceId: number, q: Queryable): Promise<void> {
    await q
      .updateTable('billing_allocations')
      .set({ device_id: deviceId })
      .where('team_id', '=', teamId)
      .where('sn', '=', sn)
      .where('device_id', 'is', null)
      .execute();
    // Its Remote Access cards likewise (migration 0020).
    await q
      .updateTable('billing_cards')
      .set({ device_id: deviceId })
      .where('team_id', '=', teamId)
      .where('device_sn', '=', sn)
      .where('device_id', 'is', null)
      .execute();
  }

  async endAllocation(id: number, now: number, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable('billing_allocations').set({ ends_at: now }).where('id', '=', id).execute();
  }

  insertAllocation(
    row: Insertable<Database['billing_allocations']>,
    trx: Transaction<Database>,
  ): Promise<{ id: number }> {
    return trx.insertInto('billing_allocations').values(row).returning('id').executeTakeFirstOrThrow();
  }

  async listAllocations(
    teamId: number,
    groups: DeviceGroups,
    deviceId: number | undefined,
    page: number,
    pageSize: number,
  ) {
    let base = this.db
      .selectFrom('billing_allocations as a')
      .innerJoin('devices as d', 'd.id', 'a.device_id')
      .where('a.team_id', '=', teamId);
    if (groups !== null) base = base.where('d.group_id', 'in', idsOrNone(groups));
    if (deviceId !== undefined) base = base.where('a.device_id', '=', deviceId);
    const { offset, limit } = pageWindow(page, pageSize);
    return withTotal(
      base
        .selectAll('a')
        .select('d.name as device_name')
        // The join keeps only allocations of bound devices (an unbound device's has device_id null).
        .$narrowType<{ device_id: number }>()
        .orderBy('a.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      countOf(base),
    );
  }

  // devices, templates and projects (read only: their modules own them)

  findDevice(id: number) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'team_id', 'group_id', 'name', 'template_id', 'sn'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async teamDeviceIds(teamId: number, groups: DeviceGroups): Promise<number[]> {
    let q = this.db.selectFrom('devices').select('id').where('team_id', '=', teamId);
    if (groups !== null) q = q.where('group_id', 'in', idsOrNone(groups));
    return (await q.execute()).map((r) => r.id);
  }

  async historyTagCount(templateId: number | null): Promise<number> {
    if (templateId === null) return 0;
    const r = await this.db
      .selectFrom('template_tags')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('template_id', '=', templateId)
      .where('save_history', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async countOwned(table: 'templates' | 'projects', teamId: number): Promise<number> {
    const r = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  // lapses

  /** The team's templates or projects, oldest first, each with whether billing expired it. */
  async lapseCandidates(teamId: number, kind: LapseKind, q: Queryable = this.db) {
    const lapses = q
      .selectFrom('billing_lapses')
      .select(['object_id', 'expired_at'])
      .where('kind', '=', kind)
      .as('l');
    const owned =
      kind === 'template'
        ? q.selectFrom('templates as o').select(['o.id', 'o.created_at', 'o.team_id'])
        : q.selectFrom('projects as o').select(['o.id', 'o.created_at', 'o.team_id']);
    const rows = await q
      .selectFrom(owned.as('o'))
      .leftJoin(lapses, 'l.object_id', 'o.id')
      .select(['o.id', 'o.created_at', 'l.expired_at'])
      .where('o.team_id', '=', teamId)
      .orderBy('o.created_at')
      .orderBy('o.id')
      .execute();
    return rows.map((r) => ({ id: r.id, created_at: Number(r.created_at), expired: r.expired_at !== null }));
  }

  async applyLapses(
    teamId: number,
    kind: LapseKind,
    plan: { expire: number[]; restore: number[] },
    now: number,
    trx: Queryable,
  ): Promise<void> {
    if (plan.expire.length)
      await trx
        .insertInto('billing_lapses')
        .values(plan.expire.map((object_id) => ({ kind, object_id, team_id: teamId, expired_at: now })))
        .onConflict((oc) => oc.columns(['kind', 'object_id']).doNothing())
        .execute();
    if (plan.restore.length)
      await trx
        .deleteFrom('billing_lapses')
        .where('kind', '=', kind)
        .where('object_id', 'in', plan.restore)
        .execute();
  }

  async lapsedIds(teamId: number, kind: LapseKind): Promise<number[]> {
    const rows = await this.db
      .selectFrom('billing_lapses')
      .select('object_id')
      .where('team_id', '=', teamId)
      .where('kind', '=', kind)
      .execute();
    return rows.map((r) => r.object_id);
  }
}

export const CardType = { CA, RA } as const;
