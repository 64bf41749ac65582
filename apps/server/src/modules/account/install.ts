import type { FastifyInstance } from 'fastify';
import { SessionCache } from '../../platform/auth/session-cache';
import { createRegistrar, type RegisterCall } from '../../platform/http/register-call';
import type { InstallContext } from '../../platform/install';
import { seedDemo, type DemoSeed } from './demo';
import { CentralDirectory } from './directory';
import type { AccountDeps } from './policy';
import { ProfileService } from './profile';
import { Membership } from './membership';
import { AccountRepo } from './repo';
import { RegionAccounts } from './region-side';
import { accountRoutes } from './routes';
import { AccountService } from './service';

export interface InstalledAccounts {
  accounts: AccountService;
  /** What the central account service answers the regions (served with ROLE=central). */
  directory: CentralDirectory;
  /** What a region answers the centre, and the accounts it adopts from the centre's directory (ROLE=region). */
  regionAccounts: RegionAccounts;
  /** Team membership writes (users' team, main flag, role; teams), for the team module. */
  membership: Membership;
  /** Registers a call; `session` calls are authenticated by the account module. */
  registerCall: RegisterCall;
  /** DEMO=1: creates (or finds) the demo account. */
  seedDemo(): Promise<DemoSeed>;
  /** Billing, installed after this module (it registers with this module's registrar), sets it. */
  useTemplateAllowance(fn: (teamId: number) => Promise<number | null>): void;
}

/**
 * The account calls, and the call registrar every other module registers with (the account module
 * is what turns an access token into the caller).
 */
export function installAccounts(
  ctx: Omit<InstallContext, 'registerCall'>,
  d: Omit<AccountDeps, 'repo' | 'clock' | 'bus' | 'log'> & {
    /** The HTTP server the registrar registers every module's calls on (this module makes it). */
    app: FastifyInstance;
  },
): InstalledAccounts {
  const { app, ...rest } = d;
  const deps: AccountDeps = {
    ...rest,
    repo: new AccountRepo(ctx.db),
    clock: ctx.clock,
    bus: ctx.bus,
    log: app.log,
  };
  const accounts = new AccountService(deps);
  const registerCall = createRegistrar(app, {
    authenticate: new SessionCache({ bus: ctx.bus, writes: app.database.writes, clock: ctx.clock }).wrap(
      (req) => accounts.authenticate(req.headers.authorization),
    ),
    checkResponses: process.env.NODE_ENV === 'test',
  });
  const profile = new ProfileService(deps, accounts, accounts.codes);
  const directory = new CentralDirectory(deps, profile);
  const regionAccounts = new RegionAccounts(deps, profile, accounts);
  accountRoutes(registerCall, { accounts, profile, directory, regionAccounts }, rest.config, rest.centre);
  return {
    accounts,
    directory,
    regionAccounts,
    membership: new Membership(deps.repo),
    registerCall,
    seedDemo: () => seedDemo(deps),
    useTemplateAllowance: (fn) => {
      deps.templateAllowance = fn;
    },
  };
}
