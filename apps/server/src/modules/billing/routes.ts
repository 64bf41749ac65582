import {
  activateBillingCard,
  allocateCard,
  checkBillingCard,
  createAllocation,
  getBillingAccount,
  getBillingCard,
  getDeviceBilling,
  listAllocations,
  listBillingCards,
  listRecharges,
  monthTraffic,
  setTrafficSwitch,
} from '@hmi/contract';
import type { Clock } from '../../platform/clock';
import type { RegisterCall } from '../../platform/http/register-call';
import { sessionUser } from '../../platform/http/session';
import { billingAccount } from './account';
import type { CardService } from './cards-service';
import type { Entitlements } from './entitlements';
import type { BillingRepo } from './repo';
import type { Traffic } from './traffic';

export interface BillingParts {
  repo: BillingRepo;
  cards: CardService;
  entitlements: Entitlements;
  traffic: Traffic;
  clock: Clock;
}

export function billingRoutes(registerCall: RegisterCall, b: BillingParts): void {
  registerCall(getBillingAccount, async (ctx) =>
    billingAccount(b.repo, b.entitlements, b.clock, sessionUser(ctx).teamId),
  );
  registerCall(listBillingCards, async (ctx) => b.cards.list(sessionUser(ctx), ctx.query));
  registerCall(getBillingCard, async (ctx) => b.cards.detail(sessionUser(ctx), ctx.params.id));
  registerCall(checkBillingCard, async (ctx) => b.cards.check(sessionUser(ctx), ctx.body, ctx.req.ip));
  registerCall(activateBillingCard, async (ctx) => b.cards.activate(sessionUser(ctx), ctx.body, ctx.req.ip));
  registerCall(allocateCard, async (ctx) =>
    b.cards.allocate(sessionUser(ctx), ctx.params.id, ctx.body.device_id),
  );
  registerCall(createAllocation, async (ctx) => b.entitlements.allocate(sessionUser(ctx), ctx.body));
  registerCall(listAllocations, async (ctx) => b.entitlements.listAllocations(sessionUser(ctx), ctx.query));
  registerCall(getDeviceBilling, async (ctx) => b.traffic.deviceBilling(sessionUser(ctx), ctx.params.id));
  registerCall(setTrafficSwitch, async (ctx) =>
    b.traffic.setSwitch(sessionUser(ctx), ctx.params.id, ctx.body.on),
  );
  registerCall(listRecharges, async (ctx) => b.cards.recharges(sessionUser(ctx), ctx.query));
  registerCall(monthTraffic, async (ctx) => b.traffic.monthTraffic(sessionUser(ctx), ctx.body));
}
