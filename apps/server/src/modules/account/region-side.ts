import { epochSeconds } from '../../platform/clock';
import { ErrorCode } from '@hmi/contract';
import type { UserRow } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import { mirrorAccount } from './mirror';
import type { AccountDeps } from './policy';
import type { ProfileService } from './profile';
import type { AccountService } from './service';

/**
 * ROLE=region: what the region answers the centre (removal, password changes), and the accounts of
 * this data centre it holds no row of yet (never logged in here), taken from the centre's directory.
 */
export class RegionAccounts {
  constructor(
    private readonly d: AccountDeps,
    private readonly profile: ProfileService,
    private readonly accounts: AccountService,
  ) {}

  /**
   * The row of the account a notice names: by username, and only when it mirrors the same central
   * account (a notice about an earlier account of a re-registered address finds none). Rows mirrored
   * before rows were bound, and notices written before they named the account, match by username.
   */
  private async rowOf(username: string, accountId: number | null): Promise<UserRow | undefined> {
    const user = await this.d.repo.findUserByUsername(username);
    if (!user || accountId === null || user.centre_id === null) return user;
    return user.centre_id === accountId ? user : undefined;
  }

  /**
   * 1202 when the account is here the main account of a team with other members; else nothing to say
   * (an earlier account of the same address, whose removal this region was not told yet, is not it).
   */
  async removable(username: string, accountId: number | null): Promise<null> {
    const user = await this.rowOf(username, accountId);
    if (user?.is_main === 1 && (await this.d.repo.otherMemberCount(user.team_id, user.id)) > 0)
      fail(ErrorCode.MAIN_ACCOUNT_HAS_MEMBERS);
    return null;
  }

  /** The account was removed at the centre: its row here is cleared and its sessions end (1055). */
  async removed(username: string, accountId: number | null): Promise<null> {
    const user = await this.rowOf(username, accountId);
    // Never logged in here, told before, or the address is another account now: nothing to end.
    if (user) await this.profile.tombstone(user);
    return null;
  }

  /**
   * The account's password was reset or changed at the centre by `at` (epoch seconds): its sessions
   * here begun by then end but `keepSession` (the changer's own), and its failed logins here are
   * forgotten, as a reset does where passwords live. Sessions begun later had the new password.
   */
  private async passwordChangedAt(user: UserRow, at: number, keepSession: string | null): Promise<void> {
    await this.d.repo.revokeFamiliesBegunBy(user.id, at, epochSeconds(this.d.clock), keepSession);
    this.d.bus.emit('sessionsEnded', { userId: user.id });
    await this.accounts.resetLoginFailures(user.username_key);
  }

  /** The centre's notice of a password change or reset (regionCalls.password). */
  async passwordChanged(b: {
    username: string;
    account_id: number | null;
    keep_session: string | null;
    at: number;
  }): Promise<null> {
    const user = await this.rowOf(b.username, b.account_id);
    if (user) await this.passwordChangedAt(user, b.at, b.keep_session);
    return null;
  }

  /** A reset sent on to the centre succeeded (its notice may come too: the same again). */
  async passwordResetAtCentre(username: string): Promise<void> {
    const user = await this.d.repo.findUserByUsername(username);
    if (user) await this.passwordChangedAt(user, epochSeconds(this.d.clock), null);
    else await this.accounts.resetLoginFailures(username.trim().toLowerCase());
  }

  /**
   * An account this region holds no row of (an invitation names it): its row, created as its first
   * login would, when the centre holds it active in this data centre; 1078 when another data centre
   * holds it; null when the centre knows no such active account (1207 while the centre is down).
   */
  async adopt(account: string): Promise<UserRow | null> {
    const centre = this.d.centre;
    if (!centre) return null;
    const found = await centre.accountOf(account);
    if (!found) return null;
    if (found.data_center !== this.d.config.dataCenter) fail(ErrorCode.NOT_CURRENT_DATA_CENTER);
    if (found.status !== 'active') return null;
    return mirrorAccount(this.d, found);
  }
}
