import { createHmac, randomInt, randomUUID } from 'node:crypto';
import {
  AccountType,
  allPermissionIds,
  checkEmail,
  checkPhone,
  limits,
  type DataCenter,
  type Locale,
  type UserInfo,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import {
  randomToken,
  sha256,
  signAccessToken,
  tokenFromHeader,
  verifyAccessToken,
} from '../../platform/auth/tokens';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { CodeScene, UserRow } from '../../platform/db/schema';
import { Coded, fail, failInput, failRetry } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { Mailer } from '../../platform/mail';
import { activationMail, codeSms, recoveryMail } from '../../platform/mail/templates';
import { SlidingWindowLimiter } from '../../platform/rate-limit';
import type { SmsSender } from '../../platform/sms';
import type { AccountRepo } from './repo';

/** Policy numbers of the account flows. */
export const accountPolicy = {
  activationSeconds: limits.activationMailHours * 3600,
  activationMailsPerHour: 5,
  codeSeconds: 600,
  codeIntervalSeconds: 60,
  codeMaxAttempts: 5,
  loginFailuresPerAccount: 5,
  loginFailuresPerAddress: 20,
  loginWindowSeconds: 15 * 60,
} as const;

export interface SessionTokens {
  token: string;
  refresh_token: string;
  expires_in: number;
  host: string;
}

export interface AccountDeps {
  repo: AccountRepo;
  config: Config;
  tokenSecret: string;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  log: FastifyBaseLogger;
}

const PHONE_COUNTRY_CODE = '+86';

function parsePermissions(json: string): number[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

export class AccountService {
  private readonly accountFailures: SlidingWindowLimiter;
  private readonly addressFailures: SlidingWindowLimiter;

  constructor(private readonly d: AccountDeps) {
    const p = accountPolicy;
    const db = d.repo.db;
    this.accountFailures = new SlidingWindowLimiter(
      db,
      d.clock,
      'login-account',
      p.loginFailuresPerAccount,
      p.loginWindowSeconds,
    );
    this.addressFailures = new SlidingWindowLimiter(
      db,
      d.clock,
      'login-address',
      p.loginFailuresPerAddress,
      p.loginWindowSeconds,
    );
  }

  private now(): number {
    return epochSeconds(this.d.clock);
  }

  // sessions

  async authenticate(authorization: string | string[] | undefined): Promise<SessionUser> {
    const token = tokenFromHeader(authorization);
    if (!token) fail(1008);
    const now = this.now();
    const v = verifyAccessToken(token, this.d.tokenSecret, now);
    if (!v.ok) fail(v.reason === 'expired' ? 1009 : 1001);
    const row = await this.d.repo.findUserById(v.claims.sub);
    if (!row || row.removed_at !== null) fail(1055);
    if (!(await this.d.repo.familyLive(v.claims.fam, now))) fail(1009);
    return {
      id: row.id,
      teamId: row.team_id,
      isMain: row.is_main === 1,
      roleId: row.role_id,
      permissions: await this.permissionsOf(row),
      familyId: v.claims.fam,
      row,
    };
  }

  private async permissionsOf(row: UserRow): Promise<number[]> {
    if (row.is_main === 1) return [...allPermissionIds];
    if (row.role_id === null) return [];
    const role = await this.d.repo.findRole(row.role_id);
    return role ? parsePermissions(role.permissions) : [];
  }

  private hostOf(dataCenter: string): string {
    const dc = dataCenter as DataCenter;
    return this.d.config.dataCenterUrls[dc] ?? this.d.config.publicUrl;
  }

  private async issueSession(user: UserRow, familyId: string = randomUUID()): Promise<SessionTokens> {
    const now = this.now();
    const refresh = randomToken();
    await this.d.repo.insertRefreshToken({
      token_hash: sha256(refresh),
      family_id: familyId,
      user_id: user.id,
      created_at: now,
      expires_at: now + this.d.config.refreshTokenTtl,
    });
    return {
      token: signAccessToken(
        { sub: user.id, fam: familyId, iat: now, exp: now + this.d.config.accessTokenTtl },
        this.d.tokenSecret,
      ),
      refresh_token: refresh,
      expires_in: this.d.config.accessTokenTtl,
      host: this.hostOf(user.data_center),
    };
  }

  async login(username: string, password: string, address: string): Promise<SessionTokens> {
    const key = username.trim().toLowerCase();
    const wait = Math.max(
      await this.accountFailures.retryAfter(key),
      await this.addressFailures.retryAfter(address),
    );
    if (wait > 0) failRetry(1201, wait);
    const user = await this.d.repo.findUserByUsername(key);
    if (!user) {
      await this.addressFailures.hit(address);
      fail(1010);
    }
    if (!(await verifyPassword(password, user.password_hash))) {
      await this.accountFailures.hit(key);
      await this.addressFailures.hit(address);
      fail(1004);
    }
    if (user.status !== 'active') fail(1031);
    await this.accountFailures.reset(key);
    return this.issueSession(user);
  }

  async refresh(authorization: string | string[] | undefined): Promise<SessionTokens> {
    const token = tokenFromHeader(authorization);
    if (!token) fail(1008);
    const row = await this.d.repo.findRefreshToken(sha256(token));
    if (!row) fail(1009);
    const user = await this.d.repo.findUserById(row.user_id);
    if (!user || user.removed_at !== null) fail(1055);
    const now = this.now();
    if (row.revoked_at !== null || row.expires_at <= now) fail(1009);
    if (row.rotated_at !== null) {
      await this.d.repo.revokeFamily(row.family_id, now);
      this.d.log.warn({ userId: user.id, family: row.family_id }, 'refresh token reused; family revoked');
      fail(1009);
    }
    const rotated = await this.d.repo.transaction((trx) => this.d.repo.markRotated(row.id, now, trx));
    if (!rotated) {
      await this.d.repo.revokeFamily(row.family_id, now);
      fail(1009);
    }
    return this.issueSession(user, row.family_id);
  }

  async logout(user: SessionUser): Promise<null> {
    await this.d.repo.revokeFamily(user.familyId, this.now());
    return null;
  }

  // verification codes

  private codeHash(target: string, scene: CodeScene, code: string): string {
    return createHmac('sha256', this.d.tokenSecret).update(`${scene}\n${target}\n${code}`).digest('hex');
  }

  /** Creates and delivers a 6-digit code; at most one per target and scene every 60 s (1018). */
  private async sendCode(
    target: string,
    scene: CodeScene,
    deliver: (code: string) => Promise<void>,
    failure: 1013 | 1018,
  ): Promise<number> {
    const now = this.now();
    const p = accountPolicy;
    const latest = await this.d.repo.latestCode(target, scene);
    if (latest && latest.created_at + p.codeIntervalSeconds > now)
      failRetry(1018, latest.created_at + p.codeIntervalSeconds - now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.d.repo.replaceCode({
      target,
      scene,
      code_hash: this.codeHash(target, scene, code),
      created_at: now,
      expires_at: now + p.codeSeconds,
    });
    try {
      await deliver(code);
    } catch (err) {
      await this.d.repo.deleteCodes(target, scene);
      this.d.log.error({ err, scene }, 'verification code delivery failed');
      fail(failure);
    }
    return p.codeIntervalSeconds;
  }

  /** Checks a code: none sent → `missing`; wrong, expired or too many attempts → 1011. */
  private async checkCode(target: string, scene: CodeScene, code: string | undefined, missing: 1011 | 1016) {
    const row = await this.d.repo.latestCode(target, scene);
    if (!row || code === undefined) fail(missing);
    if (row.expires_at <= this.now() || row.attempts >= accountPolicy.codeMaxAttempts) fail(1011);
    if (row.code_hash !== this.codeHash(target, scene, code)) {
      await this.d.repo.countCodeAttempt(row.id);
      fail(1011);
    }
  }

  private sendSms(phone: string, scene: CodeScene, locale: Locale) {
    return (code: string) =>
      this.d.sms.send({
        to: `${PHONE_COUNTRY_CODE}${phone}`,
        text: codeSms(locale, code, accountPolicy.codeSeconds / 60),
        kind: `sms-${scene}`,
      });
  }

  async phoneVerify(scene: CodeScene, phone: string): Promise<{ resend_after: number }> {
    const existing = await this.d.repo.findUserByUsername(phone);
    if (scene === 'register' && existing) fail(1012);
    if (scene === 'forget' && !existing) fail(1010);
    const target = scene === 'forget' && existing ? existing.username_key : phone;
    return { resend_after: await this.sendCode(target, scene, this.sendSms(phone, scene, 'zh-CN'), 1018) };
  }

  // registration and activation

  private async sendActivation(to: string, name: string, locale: Locale): Promise<string> {
    const code = randomToken();
    const link = `${this.d.config.publicUrl}/#/activeresult?code=${code}`;
    const mail = activationMail(locale, name, link, limits.activationMailHours);
    try {
      await this.d.mailer.send({ to, ...mail, kind: 'activation' });
    } catch (err) {
      this.d.log.error({ err }, 'activation mail failed');
      fail(1013);
    }
    return code;
  }

  private async checkMailLimit(userId: number): Promise<void> {
    const sent = await this.d.repo.countActivationsSince(userId, this.now() - 3600);
    if (sent >= accountPolicy.activationMailsPerHour) fail(1015);
  }

  async register(
    type: number,
    b: {
      username: string;
      passwd: string;
      name: string;
      data_center: DataCenter;
      code?: string;
      locale: Locale;
    },
  ): Promise<{ activated: boolean } | Coded<{ activated: boolean }>> {
    const username = b.username.trim();
    const issue = type === AccountType.PHONE ? checkPhone(username) : checkEmail(username);
    if (issue) failInput('username', issue);
    const existing = await this.d.repo.findUserByUsername(username);
    if (existing?.status === 'active') fail(1012);
    const now = this.now();
    const base = {
      username,
      username_key: username.toLowerCase(),
      password_hash: await hashPassword(b.passwd),
      name: b.name,
      alias_name: '',
      contact: username,
      data_center: b.data_center,
      created_at: now,
      removed_at: null,
      role_id: null,
    };

    if (type === AccountType.PHONE) {
      await this.checkCode(username, 'register', b.code, 1016);
      await this.d.repo.transaction(async (trx) => {
        await this.d.repo.createTeamWithMainUser(
          b.name,
          { ...base, email: null, phone: username, status: 'active' },
          trx,
        );
        await this.d.repo.deleteCodes(username, 'register', trx);
      });
      return { activated: true };
    }

    if (existing) await this.checkMailLimit(existing.id);
    const code = await this.sendActivation(username, b.name, b.locale);
    const token = {
      token_hash: sha256(code),
      created_at: now,
      expires_at: now + accountPolicy.activationSeconds,
    };
    await this.d.repo.transaction(async (trx) => {
      if (existing) {
        await this.d.repo.updateUser(
          existing.id,
          { password_hash: base.password_hash, name: b.name, data_center: b.data_center, username },
          trx,
        );
        await this.d.repo.updateTeamName(existing.team_id, b.name, trx);
        await this.d.repo.voidActivations(existing.id, now, trx);
        await this.d.repo.insertActivation({ ...token, user_id: existing.id }, trx);
      } else {
        const user = await this.d.repo.createTeamWithMainUser(
          b.name,
          { ...base, email: username, phone: null, status: 'pending' },
          trx,
        );
        await this.d.repo.insertActivation({ ...token, user_id: user.id }, trx);
      }
    });
    return new Coded(1014, { activated: false });
  }

  async activate(code: string): Promise<{ username: string }> {
    const row = await this.d.repo.findActivation(sha256(code));
    if (!row) fail(1003);
    const user = await this.d.repo.findUserById(row.user_id);
    if (!user || user.removed_at !== null) fail(1003);
    if (row.used_at !== null) return { username: user.username };
    const now = this.now();
    if (row.expires_at <= now) fail(1020);
    await this.d.repo.transaction(async (trx) => {
      await this.d.repo.markActivationUsed(row.id, now, trx);
      await this.d.repo.updateUser(user.id, { status: 'active' }, trx);
    });
    return { username: user.username };
  }

  async resend(type: number, usernameRaw: string, locale: Locale): Promise<null> {
    const username = usernameRaw.trim();
    if (type === AccountType.PHONE) {
      const issue = checkPhone(username);
      if (issue) failInput('username', issue);
      if (await this.d.repo.findUserByUsername(username)) fail(1012);
      await this.sendCode(username, 'register', this.sendSms(username, 'register', locale), 1018);
      return null;
    }
    const user = await this.d.repo.findUserByUsername(username);
    if (!user || user.email === null) fail(1010);
    if (user.status === 'active') return null;
    await this.checkMailLimit(user.id);
    const code = await this.sendActivation(user.email, user.name, locale);
    const now = this.now();
    await this.d.repo.transaction(async (trx) => {
      await this.d.repo.voidActivations(user.id, now, trx);
      await this.d.repo.insertActivation(
        {
          token_hash: sha256(code),
          user_id: user.id,
          created_at: now,
          expires_at: now + accountPolicy.activationSeconds,
        },
        trx,
      );
    });
    return null;
  }

  // passwords

  async forgetVerify(
    username: string,
    locale: Locale,
  ): Promise<{ channel: 'mail' | 'sms'; resend_after: number }> {
    const user = await this.d.repo.findUserByUsername(username);
    if (!user) fail(1010);
    const minutes = accountPolicy.codeSeconds / 60;
    if (user.email !== null) {
      const email = user.email;
      const resend_after = await this.sendCode(
        user.username_key,
        'forget',
        (code) => this.d.mailer.send({ to: email, ...recoveryMail(locale, code, minutes), kind: 'recovery' }),
        1013,
      );
      return { channel: 'mail', resend_after };
    }
    const phone = user.phone ?? user.username;
    const resend_after = await this.sendCode(
      user.username_key,
      'forget',
      this.sendSms(phone, 'forget', locale),
      1018,
    );
    return { channel: 'sms', resend_after };
  }

  async modifyPwd(username: string, code: string, password: string): Promise<null> {
    const user = await this.d.repo.findUserByUsername(username);
    if (!user) fail(1010);
    await this.checkCode(user.username_key, 'forget', code, 1011);
    const hash = await hashPassword(password);
    const now = this.now();
    await this.d.repo.transaction(async (trx) => {
      await this.d.repo.updateUser(user.id, { password_hash: hash }, trx);
      await this.d.repo.deleteCodes(user.username_key, 'forget', trx);
      await this.d.repo.revokeUserFamilies(user.id, now, null, trx);
    });
    await this.accountFailures.reset(user.username_key);
    return null;
  }

  async changePwd(s: SessionUser, oldPassword: string, password: string): Promise<null> {
    if (!(await verifyPassword(oldPassword, s.row.password_hash))) fail(1004);
    const hash = await hashPassword(password);
    await this.d.repo.transaction(async (trx) => {
      await this.d.repo.updateUser(s.id, { password_hash: hash }, trx);
      await this.d.repo.revokeUserFamilies(s.id, this.now(), s.familyId, trx);
    });
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
      template_max_num: row.template_max_num,
      template_max_id: await this.d.repo.maxTeamId('templates', row.team_id),
      team_name: team?.name ?? '',
      team_id: row.team_id,
      leader_id: await this.d.repo.teamLeaderId(row.team_id),
      is_main: row.is_main === 1,
      member_ext: { role_id: role?.id ?? null, role_name: role?.name ?? null },
      permissions: await this.permissionsOf(row),
      project_max_id: await this.d.repo.maxTeamId('projects', row.team_id),
      account: row.username,
      email: row.email,
      phone: row.phone,
    };
  }

  async editUserInfo(
    s: SessionUser,
    patch: { name?: string; alias_name?: string; contact?: string },
  ): Promise<UserInfo> {
    const set: { name?: string; alias_name?: string; contact?: string } = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.alias_name !== undefined) set.alias_name = patch.alias_name;
    if (patch.contact !== undefined) set.contact = patch.contact;
    if (Object.keys(set).length) await this.d.repo.updateUser(s.id, set);
    return this.userInfo(s);
  }

  async removal(
    s: SessionUser,
    b: { account: string; true_name: string; data_center: string; contact: string; passwd: string },
  ): Promise<null> {
    const row = s.row;
    const matches =
      b.account.trim().toLowerCase() === row.username_key &&
      b.true_name.trim() === row.name &&
      b.data_center === row.data_center &&
      b.contact.trim() === row.contact;
    if (!matches) fail(1019);
    if (!(await verifyPassword(b.passwd, row.password_hash))) fail(1004);
    // A team is never left without its owner: the main account hands the team over first.
    if (row.is_main && (await this.d.repo.otherMemberCount(row.team_id, row.id)) > 0) fail(1202);
    const now = this.now();
    const tombstone = `removed:${row.id}:${now}`;
    await this.d.repo.transaction(async (trx) => {
      await this.d.repo.updateUser(
        row.id,
        {
          removed_at: now,
          username: tombstone,
          username_key: tombstone,
          email: null,
          phone: null,
          name: '',
          alias_name: '',
          contact: '',
          password_hash: '',
        },
        trx,
      );
      await this.d.repo.revokeUserFamilies(row.id, now, null, trx);
      await this.d.repo.deleteCodes(row.username_key, 'forget', trx);
    });
    this.d.log.info({ userId: row.id }, 'account removed');
    return null;
  }

  // demo

  /** Creates the demo account unless it exists (activating it if pending); true when created. */
  async seedDemo(account: { username: string; password: string; name: string }): Promise<boolean> {
    const existing = await this.d.repo.findUserByUsername(account.username);
    if (existing) {
      if (existing.status !== 'active') await this.d.repo.updateUser(existing.id, { status: 'active' });
      return false;
    }
    const password_hash = await hashPassword(account.password);
    try {
      await this.d.repo.transaction((trx) =>
        this.d.repo.createTeamWithMainUser(
          account.name,
          {
            username: account.username,
            username_key: account.username.toLowerCase(),
            email: account.username,
            phone: null,
            password_hash,
            name: account.name,
            alias_name: '',
            contact: account.username,
            data_center: this.d.config.dataCenter,
            status: 'active',
            role_id: null,
            created_at: this.now(),
            removed_at: null,
          },
          trx,
        ),
      );
    } catch (err) {
      // Another instance seeded it at the same moment.
      if (await this.d.repo.findUserByUsername(account.username)) return false;
      throw err;
    }
    return true;
  }
}
