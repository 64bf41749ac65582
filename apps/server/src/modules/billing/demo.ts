import { BillingCardType } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { SessionUser } from '../../platform/http/session';
import type { CardService } from './cards-service';
import type { Entitlements } from './entitlements';
import { issueCards } from './issue';
import { addMonths, monthOf } from './months';
import type { BillingRepo } from './repo';
import type { Traffic } from './traffic';

const MB = 1024 ** 2;
/** What the demo team's cards give. */
export const demoCards = {
  cloud: { tagCount: 20, templateCount: 2 },
  remote: { trafficBytes: 5 * 1024 * MB },
} as const;
/** The demo HMI's TAG allocation (its template saves history for 5 TAGs). */
export const demoAllocation = { tag_count: 5, frequency_min: 1 } as const;
/** Remote traffic of the demo HMI in the months before this one, oldest first (MB). */
const PAST_MONTHS_MB = [120, 340, 95, 410, 260];

export interface DemoBillingDeps {
  repo: BillingRepo;
  cards: CardService;
  entitlements: Entitlements;
  traffic: Traffic;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * DEMO=1: unless the demo team holds cards already, issues one card of each type as the operator's
 * command does, activates both as the demo owner, allocates TAGs to the device and records some
 * remote traffic: a ledger for the past months and a charge this month.
 */
export async function seedDemoBilling(
  d: DemoBillingDeps,
  user: SessionUser,
  deviceId: number | undefined,
): Promise<void> {
  const now = epochSeconds(d.clock);
  if (await d.repo.teamHoldsCards(user.teamId, now)) return;
  const common = { count: 1, activationDeadline: now + 30 * 86400, now };
  const [cloud] = (
    await issueCards(d.repo.db, {
      ...common,
      type: BillingCardType.CLOUD_APPLICATION,
      ...demoCards.cloud,
      trafficBytes: 0,
    })
  ).cards;
  const [remote] = (
    await issueCards(d.repo.db, {
      ...common,
      type: BillingCardType.REMOTE_ACCESS,
      tagCount: 0,
      templateCount: 0,
      ...demoCards.remote,
    })
  ).cards;
  for (const [card, type] of [
    [cloud, BillingCardType.CLOUD_APPLICATION],
    [remote, BillingCardType.REMOTE_ACCESS],
  ] as const) {
    if (!card) continue;
    await d.cards.activate(user, { type, card_no: card.number.slice(-8), password: card.password }, 'demo');
  }
  if (deviceId === undefined) return;
  await d.entitlements.allocate(user, { device_id: deviceId, ...demoAllocation });
  const month = monthOf(now);
  await d.repo.transaction(async (trx) => {
    for (const [i, mb] of PAST_MONTHS_MB.entries())
      await d.repo.traffic.recordUsage(
        deviceId,
        user.teamId,
        addMonths(month, i - PAST_MONTHS_MB.length),
        mb * MB,
        trx,
      );
  });
  await d.traffic.charge(deviceId, 180 * MB);
  d.log.info({ teamId: user.teamId, deviceId }, 'demo billing seeded');
}
