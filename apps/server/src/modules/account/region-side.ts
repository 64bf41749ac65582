import { ErrorCode } from '@hmi/contract';
import type { UserRow } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import { mirrorAccount } from './mirror';
import type { AccountDeps } from './policy';
import type { ProfileService } from './profile';

/**
 * ROLE=region: what the region answers the centre (removal at the centre), and the accounts of this
 * data centre it holds no row of yet (never logged in here), taken from the centre's directory.
 */
export class RegionAccounts {
  constructor(
    private readonly d: AccountDeps,
    private readonly profile: ProfileService,
  ) {}

  /** 1202 when the account is here the main account of a team with other members; else nothing to say. */
  async removable(username: string): Promise<null> {
    const user = await this.d.repo.findUserByUsername(username);
    if (user?.is_main === 1 && (await this.d.repo.otherMemberCount(user.team_id, user.id)) > 0)
      fail(ErrorCode.MAIN_ACCOUNT_HAS_MEMBERS);
    return null;
  }

  /** The account was removed at the centre: its row here is cleared and its sessions end (1055). */
  async removed(username: string): Promise<null> {
    const user = await this.d.repo.findUserByUsername(username);
    // Never logged in here, or told before: nothing to end.
    if (user) await this.profile.tombstone(user);
    return null;
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
    return mirrorAccount(this.d.repo, found);
  }
}
