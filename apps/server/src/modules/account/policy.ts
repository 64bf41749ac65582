import { limits } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Mailer } from '../../platform/mail';
import type { SmsSender } from '../../platform/sms';
import type { CentrePort, RegionNoticePort } from './centre-port';
import type { AccountRepo } from './repo';

/** Policy numbers of the account flows. */
export const accountPolicy = {
  activationSeconds: limits.activationMailHours * 3600,
  activationMailsPerHour: 5,
  codeSeconds: 600,
  codeIntervalSeconds: 60,
  codeMaxAttempts: 5,
  /**
   * Failed logins of one (account, address) pair: five free, then each further attempt waits twice as
   * long after the previous failure as the one before (1 s, 2 s, 4 s … at most an hour); forgotten
   * after a day or a success. Other addresses are not affected: a stranger cannot lock the owner out.
   */
  loginPairBackoff: { free: 5, firstDelaySeconds: 1, maxDelaySeconds: 3600, windowSeconds: 24 * 3600 },
  /**
   * Failed logins of one account from every address (guessing from many addresses): beyond it every
   * attempt waits, but never longer than the window, so it slows guessing without locking anyone out.
   */
  loginAccountCeiling: { limit: 20, windowSeconds: 60 },
  /** Failed logins of one address over every account (one address trying many accounts). */
  loginAddressLimit: { limit: 20, windowSeconds: 15 * 60 },
} as const;

/** What the account services share. */
export interface AccountDeps {
  repo: AccountRepo;
  config: Config;
  tokenSecret: string;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** Tells every instance's live sockets when sessions end. */
  bus: Bus;
  /** How a login checks a password (default: scrypt; tests count the checks). */
  verifyPassword?: ((password: string, stored: string) => Promise<boolean>) | undefined;
  /** ROLE=region: the central account service (passwords and the directory live there). */
  centre?: CentrePort | undefined;
  /** ROLE=central: tells an account's region that it was removed at the centre. */
  regions?: RegionNoticePort | undefined;
  /** The team's template allowance shown in user info (billing's, set once billing is installed). */
  templateAllowance?: ((teamId: number) => Promise<number | null>) | undefined;
}
