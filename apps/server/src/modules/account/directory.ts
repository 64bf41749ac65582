import type { CallBody, DataCenter, removal as removalCall } from '@hmi/contract';
import { ErrorCode } from '@hmi/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { epochSeconds } from '../../platform/clock';
import type { UserRow } from '../../platform/db/schema';
import { fail, failRetry } from '../../platform/errors';
import { BackoffLimiter, SlidingWindowLimiter } from '../../platform/rate-limit';
import type { CentreAccount } from './centre-port';
import { accountPolicy, type AccountDeps } from './policy';
import { changeTellingRegion } from './region-notice';
import type { ProfileService } from './profile';

function centreAccount(u: UserRow): CentreAccount {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    phone: u.phone,
    name: u.name,
    contact: u.contact,
    data_center: u.data_center as DataCenter,
    created_at: u.created_at,
    status: u.status === 'active' ? 'active' : 'pending',
  };
}

/**
 * The central account service's answers to the regions (ROLE=central): credential checks, the
 * directory of which data centre holds each account, removal and password change. The regions reach
 * it through the central module's authenticated server-to-server calls; a removal sent straight to
 * the centre by a web app is checked here too. Every removal and password change is told to the
 * account's region by a notice written in the transaction that makes it.
 */
export class CentralDirectory {
  /** Failed removals at the centre per (account, address) and per address: a password is checked. */
  private readonly pairFailures: BackoffLimiter;
  private readonly addressFailures: SlidingWindowLimiter;

  constructor(
    private readonly d: AccountDeps,
    private readonly profile: ProfileService,
  ) {
    const p = accountPolicy;
    this.pairFailures = new BackoffLimiter(d.repo.db, d.clock, 'removal-pair', p.loginPairBackoff);
    const w = p.loginAddressLimit;
    this.addressFailures = new SlidingWindowLimiter(
      d.repo.db,
      d.clock,
      'removal-address',
      w.limit,
      w.windowSeconds,
    );
  }

  private async checked(username: string, password: string): Promise<UserRow> {
    const user = (await this.d.repo.findUserByUsername(username)) ?? fail(ErrorCode.USER_NOT_FOUND);
    if (!(await (this.d.verifyPassword ?? verifyPassword)(password, user.password_hash)))
      fail(ErrorCode.INCORRECT_PASSWORD);
    return user;
  }

  /** The account once its password checks: 1010 unknown, 1004 wrong password. */
  async verify(username: string, password: string): Promise<CentreAccount> {
    return centreAccount(await this.checked(username, password));
  }

  async accountOf(username: string): Promise<CentreAccount | null> {
    const user = await this.d.repo.findUserByUsername(username);
    return user ? centreAccount(user) : null;
  }

  async remove(username: string, password: string): Promise<null> {
    const user = await this.checked(username, password);
    await this.tombstoneTelling(user);
    return null;
  }

  private tombstoneTelling(user: UserRow): Promise<void> {
    const notice = { kind: 'removed', username: user.username, accountId: user.id } as const;
    return changeTellingRegion(this.d, user, notice, (inChange) => this.profile.tombstone(user, inChange));
  }

  /**
   * The spec's removal at the central host (ROLE=central). The centre cannot check a region's token,
   * so the password proves the caller (under the login limits), then the typed details (1019). The
   * region is asked first whether the account may go (1202), and told in the same transaction that
   * removes it here (an outbox the central module delivers, retried while the region is down), so its
   * sessions there end (1055).
   */
  async removeHere(b: CallBody<typeof removalCall>, address: string): Promise<null> {
    const key = b.account.trim().toLowerCase();
    const claims = [
      await this.pairFailures.claim(`${key}\n${address}`),
      await this.addressFailures.claim(address),
    ];
    const wait = Math.max(...claims.map((c) => c.retryAfter));
    if (wait > 0) {
      await Promise.all(claims.map((c) => c.release()));
      failRetry(ErrorCode.TOO_MANY_ATTEMPTS, wait);
    }
    const user = await this.checked(key, b.passwd);
    await this.pairFailures.reset(`${key}\n${address}`);
    await Promise.all(claims.map((c) => c.release()));
    const matches =
      b.true_name.trim() === user.name &&
      b.data_center === user.data_center &&
      b.contact.trim() === user.contact;
    if (!matches) fail(ErrorCode.ACCOUNT_NOT_MATCHED);
    await this.d.regions?.assertRemovable(user.data_center as DataCenter, user.username, user.id);
    await this.tombstoneTelling(user);
    return null;
  }

  /** The password replaced; the region ends the account's sessions there but `keepSession`. */
  async changePassword(
    username: string,
    oldPassword: string,
    password: string,
    keepSession: string | null,
  ): Promise<null> {
    const user = await this.checked(username, oldPassword);
    const hash = await hashPassword(password);
    const notice = { kind: 'password', username: user.username, accountId: user.id, keepSession } as const;
    await changeTellingRegion(this.d, user, notice, (inChange) =>
      this.d.repo.transaction(async (trx) => {
        await this.d.repo.updateUser(user.id, { password_hash: hash }, trx);
        await this.d.repo.revokeUserFamilies(user.id, epochSeconds(this.d.clock), null, trx);
        await inChange?.(trx);
      }),
    );
    return null;
  }
}
