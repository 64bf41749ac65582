import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config';
import type { SessionUser } from '../../platform/http/session';
import type { InstallContext } from '../../platform/install';
import type { DataPermissionService } from '../data-permissions';
import type { MessageService } from '../message';
import { CardService } from './cards-service';
import { seedDemoBilling } from './demo';
import { Entitlements } from './entitlements';
import { BillingHousekeeping, type HousekeepingResult } from './housekeeping';
import { BillingRepo } from './repo';
import { NoticeRepo } from './repo-notices';
import { billingRoutes } from './routes';
import { Traffic } from './traffic';

/** What other modules ask billing (templates, projects, team, connectivity, the relay, housekeeping). */
export interface BillingApi {
  enabled: boolean;
  /** Templates (and projects) the team may hold; null: unlimited. */
  templateAllowance: Entitlements['templateAllowance'];
  historyPolicy: Entitlements['historyPolicy'];
  teamHoldsCards: Entitlements['teamHoldsCards'];
  expireAndRestore: Entitlements['expireAndRestore'];
  /** Ids of templates or projects out of service; none when billing is off. */
  lapsed: Entitlements['lapsed'];
  charge: Traffic['charge'];
  /** Traffic held ahead of use by one relay session, settled as it flows. */
  hold: Traffic['hold'];
  remaining: Traffic['remaining'];
  mayUseTraffic: Traffic['mayUseTraffic'];
  /** The device list's billing columns. */
  deviceSummaries: Traffic['summaries'];
  /** In a bind's transaction: the hardware's allocations kept in the team while it was unbound. */
  reattachAllocations: BillingRepo['reattachAllocations'];
  /** One run of the housekeeping job (lapses, reminders) at the clock's time; tests call it. */
  runHousekeeping(): Promise<HousekeepingResult>;
  /** DEMO=1: cards, an allocation on the device and some traffic for the demo team. */
  seedDemo(user: SessionUser, deviceId: number | undefined): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: BillingApi;
  }
}

export interface BillingDeps {
  /** The instance whose log it writes to (tests read the `billing` decoration). */
  app: FastifyInstance;
  config: Pick<Config, 'billing'>;
  perms: DataPermissionService;
  /** Reminders are written through the message module. */
  messages: Pick<MessageService, 'write'>;
  /** Runs `fn` on app close before the database closes. */
  onShutdown(fn: () => Promise<void>): void;
}

/**
 * Registers the billing calls, starts the housekeeping job (billing on) and returns what the other
 * modules use of billing (also decorated as `billing` for the tests).
 */
export function installBilling(ctx: InstallContext, d: BillingDeps): BillingApi {
  const { app } = d;
  const enabled = d.config.billing;
  const { clock } = ctx;
  const repo = new BillingRepo(ctx.db);
  const entitlements = new Entitlements(repo, d.perms, clock, enabled, ctx.bus);
  const traffic = new Traffic(repo, d.perms, entitlements, clock, enabled, ctx.bus);
  const cards = new CardService(repo, d.perms, entitlements, clock, ctx.bus);
  billingRoutes(ctx.registerCall, { repo, cards, entitlements, traffic, clock });
  const housekeeping = new BillingHousekeeping({
    repo,
    notices: new NoticeRepo(ctx.db),
    entitlements,
    messages: d.messages,
    bus: ctx.bus,
    clock,
    log: app.log,
  });
  if (enabled) {
    housekeeping.start();
    d.onShutdown(() => housekeeping.close());
  }
  const api: BillingApi = {
    enabled,
    templateAllowance: (teamId) => entitlements.templateAllowance(teamId),
    historyPolicy: (deviceId) => entitlements.historyPolicy(deviceId),
    teamHoldsCards: (teamId, q) => entitlements.teamHoldsCards(teamId, q),
    expireAndRestore: (teamId) => entitlements.expireAndRestore(teamId),
    lapsed: async (teamId, kind) => (enabled ? entitlements.lapsed(teamId, kind) : []),
    charge: (deviceId, bytes) => traffic.charge(deviceId, bytes),
    hold: (deviceId) => traffic.hold(deviceId),
    remaining: (deviceId) => traffic.remaining(deviceId),
    mayUseTraffic: (deviceId) => traffic.mayUseTraffic(deviceId),
    deviceSummaries: (deviceIds) => traffic.summaries(deviceIds),
    reattachAllocations: (teamId, sn, deviceId, q) => repo.reattachAllocations(teamId, sn, deviceId, q),
    runHousekeeping: () => housekeeping.run(),
    seedDemo: (user, deviceId) =>
      enabled
        ? seedDemoBilling({ repo, cards, entitlements, traffic, clock, log: app.log }, user, deviceId)
        : Promise.resolve(),
  };
  app.decorate('billing', api);
  return api;
}
