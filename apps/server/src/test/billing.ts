import { activateBillingCard, login, BillingCardType } from '@hmi/contract';
import { issueCards, type IssuedCard, type IssueOptions } from '../modules/billing/issue';
import { TEST_PASSWORD, type TestAccount } from './accounts';
import { api, type Harness } from './harness';

export const GB = 1024 ** 3;

/** Issues cards as the operator command does (deadline a year from the harness clock by default). */
export async function issueTestCards(
  h: Harness,
  o: Partial<IssueOptions> & { type: IssueOptions['type'] },
): Promise<IssuedCard[]> {
  const now = Math.floor(h.clock.now() / 1000);
  const { cards } = await issueCards(h.app.database.db, {
    count: 1,
    tagCount: o.type === BillingCardType.CLOUD_APPLICATION ? 100 : 0,
    templateCount: o.type === BillingCardType.CLOUD_APPLICATION ? 2 : 0,
    trafficBytes: o.type === BillingCardType.REMOTE_ACCESS ? GB : 0,
    activationDeadline: now + 365 * 86400,
    now,
    ...o,
  });
  return cards;
}

export const tail = (card: IssuedCard) => card.number.slice(-8);

/** The body activating or checking `card`. */
export function cardBody(card: IssuedCard, type: number) {
  // Tests pass the other card type on purpose too (1043).
  return { type: type as 1 | 2, card_no: tail(card), password: card.password };
}

/** Issues one card and activates it for `account`'s team; returns its id. */
export async function activatedCard(
  h: Harness,
  account: TestAccount,
  o: Partial<IssueOptions> & { type: IssueOptions['type'] },
): Promise<number> {
  const [card] = await issueTestCards(h, o);
  if (!card) throw new Error('no card issued');
  const r = await api(h.app, activateBillingCard, { token: account.token, body: cardBody(card, o.type) });
  if (r.body.code !== 0) throw new Error(`activation failed: ${JSON.stringify(r.body)}`);
  return r.body.data.id;
}

/** Logs `account` in again (after the manual clock jumped past its access token). */
export async function relogin(h: Harness, account: TestAccount): Promise<void> {
  const r = await api(h.app, login, {
    query: { type: '1' },
    body: { user: account.username, passwd: TEST_PASSWORD },
  });
  if (r.body.code !== 0) throw new Error(`login of ${account.username} failed: ${JSON.stringify(r.body)}`);
  account.token = r.body.data.token;
}

/** Bytes a traffic card has given (used or held by a running session), read from the table. */
export async function cardUsedBytes(h: Harness, cardId: number): Promise<number> {
  const row = await h.app.database.db
    .selectFrom('billing_cards')
    .select('used_bytes')
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  return Number(row.used_bytes);
}

/** Bytes the usage ledger holds for a device this month (0 when it has none). */
export async function deviceUsageBytes(h: Harness, deviceId: number): Promise<number> {
  const row = await h.app.database.db
    .selectFrom('traffic_usage')
    .select('bytes')
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return Number(row?.bytes ?? 0);
}
