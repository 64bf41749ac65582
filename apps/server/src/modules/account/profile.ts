import type {
  CallBody,
  DataCenter,
  editUserInfo as editUserInfoCall,
  Locale,
  removal as removalCall,
  UserInfo,
} from '@hmi/contract';
import { ErrorCode } from '@hmi/contract';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { epochSeconds } from '../../platform/clock';
import { fail } from '../../platform/errors';
import type { UserRow } from '../../platform/db/schema';
import type { SessionUser } from '../../platform/http/session';
import { recoveryMail } from '../../platform/mail/templates';
import type { VerificationCodes } from './codes';
import { accountPolicy, type AccountDeps } from './policy';
import { changeTellingRegion, type InChange } from './region-notice';
import { tombstoneRow } from './tombstone';
import type { AccountService } from './service';

/** Passwords (recovery by code, change) and the profile (read, edit, account removal). */
export class ProfileService {
  constructor(
    private readonly d: AccountDeps,
    private readonly accounts: AccountService,
    private readonly codes: VerificationCodes,
  ) {}

  private now(): number {
    return epochSeconds(this.d.clock);
  }

  /** After the commit that revoked them: every instance closes the user's sockets of ended sessions. */
  private sessionsEnded(userId: number): void {
    this.d.bus.emit('sessionsEnded', { userId });
  }

  async forgetVerify(
    username: string,
    locale: Locale,
  ): Promise<{ channel: 'mail' | 'sms'; resend_after: number }> {
    const user = await this.d.repo.findUserByUsername(username);
    if (!user) fail(ErrorCode.USER_NOT_FOUND);
    const minutes = accountPolicy.codeSeconds / 60;
    if (user.email !== null) {
      const email = user.email;
      const resend_after = await this.codes.send(
        user.username_key,
        'forget',
        (code) => this.d.mailer.send({ to: email, ...recoveryMail(locale, code, minutes), kind: 'recovery' }),
        1013,
      );
      return { channel: 'mail', resend_after };
    }
    const phone = user.phone ?? user.username;
    const resend_after = await this.codes.send(
      user.username_key,
      'forget',
      this.codes.sms(phone, 'forget', locale),
      1018,
    );
    return { channel: 'sms', resend_after };
  }

  async modifyPwd(username: string, code: string, password: string): Promise<null> {
    const user = await this.d.repo.findUserByUsername(username);
    if (!user) fail(ErrorCode.USER_NOT_FOUND);
    await this.codes.check(user.username_key, 'forget', code, 1011);
    const hash = await hashPassword(password);
    const now = this.now();
    // ROLE=central: the account's region ends its sessions there and forgets its failed logins.
    const notice = {
      kind: 'password',
      username: user.username,
      accountId: user.id,
      keepSession: null,
    } as const;
    await changeTellingRegion(this.d, user, notice, (inChange) =>
      this.d.repo.transaction(async (trx) => {
        await this.d.repo.updateUser(user.id, { password_hash: hash }, trx);
        await this.d.repo.deleteCodes(user.username_key, 'forget', trx);
        await this.d.repo.revokeUserFamilies(user.id, now, null, trx);
        await inChange?.(trx);
      }),
    );
    this.sessionsEnded(user.id);
    await this.accounts.resetLoginFailures(user.username_key);
    return null;
  }

  async changePwd(s: SessionUser, oldPassword: string, password: string): Promise<null> {
    // ROLE=region: the password lives at the centre only (a region's row keeps none).
    let hash: string | null = null;
    if (this.d.centre) await this.d.centre.changePassword(s.row.username, oldPassword, password, s.familyId);
    else if (!(await verifyPassword(oldPassword, s.row.password_hash))) fail(ErrorCode.INCORRECT_PASSWORD);
    else hash = await hashPassword(password);
    await this.d.repo.transaction(async (trx) => {
      if (hash !== null) await this.d.repo.updateUser(s.id, { password_hash: hash }, trx);
      await this.d.repo.revokeUserFamilies(s.id, this.now(), s.familyId, trx);
    });
    this.sessionsEnded(s.id);
    return null;
  }

  // profile

  async userInfo(s: SessionUser): Promise<UserInfo> {
    const row = (await this.d.repo.findUserById(s.id)) ?? s.row;
    const team = await this.d.repo.findTeam(row.team_id);
    const role = row.role_id !== null ? await this.d.repo.findRole(row.role_id) : undefined;
    return {
      dbuser_id: row.id,
      data_center: row.data_center as DataCenter,
      name: row.name,
      created_at: row.created_at,
      contact: row.contact,
      alias_name: row.alias_name,
      dgroup_id: 0,
      template_max_num: this.d.templateAllowance
        ? await this.d.templateAllowance(row.team_id)
        : row.template_max_num,
      template_max_id: await this.d.repo.maxTeamId('templates', row.team_id),
      team_name: team?.name ?? '',
      team_id: row.team_id,
      leader_id: await this.d.repo.teamLeaderId(row.team_id),
      is_main: row.is_main === 1,
      member_ext: { role_id: role?.id ?? null, role_name: role?.name ?? null },
      permissions: await this.accounts.permissionsOf(row),
      project_max_id: await this.d.repo.maxTeamId('projects', row.team_id),
      account: row.username,
      email: row.email,
      phone: row.phone,
    };
  }

  async editUserInfo(s: SessionUser, patch: CallBody<typeof editUserInfoCall>): Promise<UserInfo> {
    const set: { name?: string; alias_name?: string; contact?: string } = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.alias_name !== undefined) set.alias_name = patch.alias_name;
    if (patch.contact !== undefined) set.contact = patch.contact;
    if (Object.keys(set).length) await this.d.repo.updateUser(s.id, set);
    return this.userInfo(s);
  }

  async removal(s: SessionUser, b: CallBody<typeof removalCall>): Promise<null> {
    const row = s.row;
    const matches =
      b.account.trim().toLowerCase() === row.username_key &&
      b.true_name.trim() === row.name &&
      b.data_center === row.data_center &&
      b.contact.trim() === row.contact;
    if (!matches) fail(ErrorCode.ACCOUNT_NOT_MATCHED);
    if (!this.d.centre && !(await verifyPassword(b.passwd, row.password_hash)))
      fail(ErrorCode.INCORRECT_PASSWORD);
    // A team is never left without its owner: the main account hands the team over first.
    if (row.is_main && (await this.d.repo.otherMemberCount(row.team_id, row.id)) > 0)
      fail(ErrorCode.MAIN_ACCOUNT_HAS_MEMBERS);
    // ROLE=region: the centre checks the password and drops the account from its directory first.
    if (this.d.centre) await this.d.centre.remove(row.username, b.passwd);
    await this.tombstone(row);
    return null;
  }

  /**
   * Removes the account for good: personal data cleared, every session ended (1055 from then on).
   * `also` runs in the same transaction (the centre's notice to the account's region).
   */
  async tombstone(row: UserRow, also?: InChange): Promise<void> {
    await this.d.repo.transaction(async (trx) => {
      await tombstoneRow(this.d.repo, row, this.now(), trx);
      await also?.(trx);
    });
    this.sessionsEnded(row.id);
    this.d.log.info({ userId: row.id }, 'account removed');
  }
}
