import { randomBytes } from 'node:crypto';
import { BillingCardType } from '@hmi/contract';
import { hashPassword } from '../../platform/auth/passwords';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { newCardNumber, newCardPassword, numberTail, type CardTypeValue } from './cards';

export interface IssueOptions {
  type: CardTypeValue;
  count: number;
  tagCount: number;
  templateCount: number;
  trafficBytes: number;
  /** Epoch seconds: a card not activated by then can no longer be. */
  activationDeadline: number;
  /** Epoch seconds. */
  now: number;
}

export interface IssuedCard {
  number: string;
  password: string;
}

/**
 * Makes `count` cards in one transaction and returns their numbers and passwords (the passwords are
 * stored only as hashes, so this is the one time they are known). Numbers whose last 8 characters
 * are already taken are drawn again.
 */
export async function issueCards(
  db: Kysely<Database>,
  o: IssueOptions,
  /** Runs before the batch commits (e.g. writes the CSV); if it throws, no card is issued. */
  beforeCommit: (batch: string, cards: IssuedCard[]) => void = () => undefined,
): Promise<{ batch: string; cards: IssuedCard[] }> {
  const batch = `${new Date(o.now * 1000).toISOString().slice(0, 10).replace(/-/g, '')}-${randomBytes(3).toString('hex')}`;
  const cloud = o.type === BillingCardType.CLOUD_APPLICATION;
  const cards = await Promise.all(
    Array.from({ length: o.count }, async () => {
      const password = newCardPassword();
      return { number: newCardNumber(o.type), password, hash: await hashPassword(password) };
    }),
  );
  const issued = () => cards.map(({ number, password }) => ({ number, password }));
  await db.transaction().execute(async (trx) => {
    for (const card of cards) {
      for (;;) {
        const taken = await trx
          .selectFrom('billing_cards')
          .select('id')
          .where('number_tail', '=', numberTail(card.number))
          .executeTakeFirst();
        const repeated = cards.some((c) => c !== card && numberTail(c.number) === numberTail(card.number));
        if (!taken && !repeated) break;
        card.number = newCardNumber(o.type);
      }
      await trx
        .insertInto('billing_cards')
        .values({
          number: card.number,
          number_tail: numberTail(card.number),
          type: o.type,
          password_hash: card.hash,
          tag_count: cloud ? o.tagCount : 0,
          template_count: cloud ? o.templateCount : 0,
          traffic_bytes: cloud ? 0 : o.trafficBytes,
          batch,
          activation_deadline: o.activationDeadline,
          created_at: o.now,
        })
        .execute();
    }
    beforeCommit(batch, issued());
  });
  return { batch, cards: issued() };
}
