import type { DataCenter } from '@hmi/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { epochSeconds } from '../../platform/clock';
import type { UserRow } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import type { CentreAccount } from './centre-port';
import type { AccountDeps } from './policy';
import type { ProfileService } from './profile';

/**
 * The central account service's answers to the regions (ROLE=central): credential checks, the
 * directory of which data centre holds each account, removal and password change. The regions reach
 * it through the central module's authenticated server-to-server calls.
 */
export class CentralDirectory {
  constructor(
    private readonly d: AccountDeps,
    private readonly profile: ProfileService,
  ) {}

  private async checked(username: string, password: string): Promise<UserRow> {
    const user = (await this.d.repo.findUserByUsername(username)) ?? fail(1010);
    if (!(await (this.d.verifyPassword ?? verifyPassword)(password, user.password_hash))) fail(1004);
    return user;
  }

  /** The account once its password checks: 1010 unknown, 1004 wrong password. */
  async verify(username: string, password: string): Promise<CentreAccount> {
    const u = await this.checked(username, password);
    return {
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

  async dataCenterOf(username: string): Promise<DataCenter | null> {
    const user = await this.d.repo.findUserByUsername(username);
    return user ? (user.data_center as DataCenter) : null;
  }

  async remove(username: string, password: string): Promise<null> {
    const user = await this.checked(username, password);
    await this.profile.tombstone(user);
    return null;
  }

  async changePassword(username: string, oldPassword: string, password: string): Promise<null> {
    const user = await this.checked(username, oldPassword);
    const hash = await hashPassword(password);
    await this.d.repo.transaction(async (trx) => {
      await this.d.repo.updateUser(user.id, { password_hash: hash }, trx);
      await this.d.repo.revokeUserFamilies(user.id, epochSeconds(this.d.clock), null, trx);
    });
    return null;
  }
}
