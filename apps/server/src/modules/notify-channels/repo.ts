import { WEBHOOK_LOG_KEPT } from '@hmi/contract';
import type { Insertable, Kysely } from 'kysely';
import type { Database, WebhookTable } from '../../platform/db/schema';

export type DeliveryStatus = 'pending' | 'ok' | 'failed';

/** SQL of webhooks and their deliveries (this module owns both tables). */
export class WebhookRepo {
  constructor(private readonly db: Kysely<Database>) {}

  list(teamId: number) {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .select((eb) =>
        eb
          .selectFrom('webhook_deliveries')
          .select('webhook_deliveries.status')
          .whereRef('webhook_deliveries.webhook_id', '=', 'webhooks.id')
          .orderBy('webhook_deliveries.id', 'desc')
          .limit(1)
          .as('last_status'),
      )
      .where('team_id', '=', teamId)
      .orderBy('id')
      .execute();
  }

  one(teamId: number, id: number) {
    return this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Enabled webhooks of a team with the lowest level each is told of. */
  enabled(teamId: number) {
    return this.db
      .selectFrom('webhooks')
      .select(['id', 'min_level'])
      .where('team_id', '=', teamId)
      .where('enabled', '=', 1)
      .orderBy('id')
      .execute();
  }

  /** Inserts unless the team already has `max` (checked in the same transaction). */
  async create(row: Insertable<WebhookTable>, max: number): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      const n = await trx
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', row.team_id)
        .executeTakeFirstOrThrow();
      if (Number(n.n) >= max) return null;
      const r = await trx.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();
      return r.id;
    });
  }

  async update(
    teamId: number,
    id: number,
    set: Partial<Pick<Database['webhooks'], 'name' | 'url' | 'min_level' | 'enabled' | 'secret'>>,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('webhooks')
      .set(set)
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(teamId: number, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const hook = await trx
        .selectFrom('webhooks')
        .select('id')
        .where('team_id', '=', teamId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!hook) return false;
      await trx.deleteFrom('webhook_deliveries').where('webhook_id', '=', id).execute();
      await trx.deleteFrom('webhooks').where('id', '=', id).execute();
      return true;
    });
  }

  delivery(id: number) {
    return this.db
      .selectFrom('webhook_deliveries')
      .select([
        'id',
        'event',
        'status',
        'attempts',
        'http_status',
        'answer',
        'created_at',
        'attempted_at',
        'next_at',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  deliveries(webhookId: number) {
    return this.db
      .selectFrom('webhook_deliveries')
      .select([
        'id',
        'event',
        'status',
        'attempts',
        'http_status',
        'answer',
        'created_at',
        'attempted_at',
        'next_at',
      ])
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(WEBHOOK_LOG_KEPT)
      .execute();
  }

  async addDelivery(
    webhookId: number,
    event: string,
    body: string,
    now: number,
    /** false: sent by the caller now (a test), never picked up by the worker. */
    queued = true,
  ): Promise<number> {
    const r = await this.db
      .insertInto('webhook_deliveries')
      .values({
        webhook_id: webhookId,
        event,
        body,
        status: 'pending',
        created_at: now,
        attempted_at: null,
        next_at: queued ? now : null,
        http_status: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The log keeps the newest WEBHOOK_LOG_KEPT; older finished ones go (pending ones are kept to retry).
    const cut = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .offset(WEBHOOK_LOG_KEPT)
      .limit(1)
      .executeTakeFirst();
    if (cut)
      await this.db
        .deleteFrom('webhook_deliveries')
        .where('webhook_id', '=', webhookId)
        .where('id', '<=', cut.id)
        .where('status', '!=', 'pending')
        .execute();
    return r.id;
  }

  /** Pending deliveries due at `now`, oldest first, with what sending them needs. */
  due(now: number, limit: number) {
    return this.db
      .selectFrom('webhook_deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
      .select([
        'webhook_deliveries.id',
        'webhook_deliveries.webhook_id',
        'webhook_deliveries.event',
        'webhook_deliveries.body',
        'webhook_deliveries.attempts',
        'webhook_deliveries.next_at',
        'webhooks.url',
        'webhooks.secret',
      ])
      .where('webhook_deliveries.status', '=', 'pending')
      .where('webhook_deliveries.next_at', '<=', now)
      .orderBy('webhook_deliveries.id')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a due delivery for one attempt by moving its next_at to `leaseUntil` (the attempt's longest
   * time): of two instances seeing it due, one wins; a crash mid-attempt leaves it due again later.
   */
  async claim(id: number, dueAt: number | null, leaseUntil: number): Promise<boolean> {
    if (dueAt === null) return false;
    const r = await this.db
      .updateTable('webhook_deliveries')
      .set({ next_at: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_at', '=', dueAt)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Records an attempt's outcome; `nextAt` null ends the delivery as `status`. */
  async attempted(
    id: number,
    o: {
      status: DeliveryStatus;
      attempts: number;
      httpStatus: number | null;
      answer: string;
      now: number;
      nextAt: number | null;
    },
  ): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({
        status: o.status,
        attempts: o.attempts,
        http_status: o.httpStatus,
        answer: o.answer,
        attempted_at: o.now,
        next_at: o.nextAt,
      })
      .where('id', '=', id)
      .execute();
  }
}
