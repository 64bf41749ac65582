import { randomUUID } from 'node:crypto';
import {
  AccountType,
  allPermissionIds,
  checkEmail,
  checkPhone,
  ErrorCode,
  type CallBody,
  type DataCenter,
  type Locale,
  type register as registerCall,
} from '@hmi/contract';
import { audit } from '../../platform/audit';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import {
  randomToken,
  sha256,
  signAccessToken,
  tokenFromHeader,
  verifyAccessToken,
} from '../../platform/auth/tokens';
import { epochSeconds } from '../../platform/clock';
import type { CodeScene, UserRow } from '../../platform/db/schema';
import { AppError, Coded, fail, failInput, failRetry } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import { BackoffLimiter, SlidingWindowLimiter } from '../../platform/rate-limit';
import { parsePermissionList } from '../roles';
import type { CentreAccount, CentrePort } from './centre-port';
import { activationRow, ActivationMail } from './activation-mail';
import { VerificationCodes } from './codes';
import { mirrorAccount } from './mirror';
import { accountPolicy, type AccountDeps } from './policy';

/** The login limits' key of an (account, address) pair; `pairKey(account, '')` starts all of the account's. */
const pairKey = (account: string, address: string) => `${account}\n${address}`;

export interface SessionTokens {
  token: string;
  refresh_token: string;
  expires_in: number;
  host: string;
}

/**
 * Sign-in and sign-up: sessions (login with failure limits, access tokens, rotating refresh tokens,
 * logout) and registration by mail (activation link) or phone (code). Passwords and the profile are
 * ProfileService's (profile.ts).
 */
export class AccountService {
  private readonly activation: ActivationMail;
  private readonly pairFailures: BackoffLimiter;
  private readonly accountFailures: SlidingWindowLimiter;
  private readonly addressFailures: SlidingWindowLimiter;
  /** Shared with ProfileService (password recovery). */
  readonly codes: VerificationCodes;

  constructor(private readonly d: AccountDeps) {
    this.codes = new VerificationCodes(d);
    this.activation = new ActivationMail(d);
    const p = accountPolicy;
    const db = d.repo.db;
    const window = (scope: string, w: { limit: number; windowSeconds: number }) =>
      new SlidingWindowLimiter(db, d.clock, scope, w.limit, w.windowSeconds);
    this.pairFailures = new BackoffLimiter(db, d.clock, 'login-pair', p.loginPairBackoff);
    this.accountFailures = window('login-account', p.loginAccountCeiling);
    this.addressFailures = window('login-address', p.loginAddressLimit);
  }

  private now(): number {
    return epochSeconds(this.d.clock);
  }

  /** After the commit that revoked them: every instance closes the user's sockets of ended sessions. */
  private sessionsEnded(userId: number): void {
    this.d.bus.emit('sessionsEnded', { userId });
  }

  // sessions

  async authenticate(authorization: string | string[] | undefined): Promise<SessionUser> {
    const token = tokenFromHeader(authorization);
    if (!token) fail(ErrorCode.AUTH_HEADER_LOST);
    const now = this.now();
    const v = verifyAccessToken(token, this.d.tokenSecret, now);
    if (!v.ok) fail(v.reason === 'expired' ? ErrorCode.AUTH_EXPIRED : ErrorCode.AUTHENTICATION);
    const row = await this.d.repo.findUserById(v.claims.sub);
    if (!row || row.removed_at !== null) fail(ErrorCode.ACCOUNT_DELETED);
    if (!(await this.d.repo.familyLive(v.claims.fam, now))) fail(ErrorCode.AUTH_EXPIRED);
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

  /**
   * Whether a session (refresh family) of the user still stands: not logged out, not expired, the
   * account not removed. For long-lived sockets that outlast their access token.
   */
  async sessionLive(userId: number, familyId: string): Promise<boolean> {
    const row = await this.d.repo.findUserById(userId);
    return !!row && row.removed_at === null && (await this.d.repo.familyLive(familyId, this.now()));
  }

  /** The permission ids the user holds now (every id for a main account). */
  async permissionsOf(row: UserRow): Promise<number[]> {
    if (row.is_main === 1) return [...allPermissionIds];
    if (row.role_id === null) return [];
    const role = await this.d.repo.findRole(row.role_id);
    return role ? parsePermissionList(role.permissions) : [];
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

  /**
   * Every attempt is counted before the password is checked (of racing attempts, only as many as the
   * limits allow are checked): per (account, address) pair with growing delays, per account under a
   * ceiling that only slows, per address over all accounts. A failure keeps its counts; a success
   * clears its pair and uncounts itself.
   */
  async login(username: string, password: string, address: string): Promise<SessionTokens> {
    const key = username.trim().toLowerCase();
    const claims = [
      await this.pairFailures.claim(pairKey(key, address)),
      await this.accountFailures.claim(key),
      await this.addressFailures.claim(address),
    ];
    const wait = Math.max(...claims.map((c) => c.retryAfter));
    if (wait > 0) {
      await Promise.all(claims.map((c) => c.release()));
      failRetry(ErrorCode.TOO_MANY_ATTEMPTS, wait);
    }
    const found = this.d.centre
      ? await this.checkAtCentre(this.d.centre, key, password, claims)
      : await this.checkHere(key, password);
    await this.pairFailures.reset(pairKey(key, address));
    await Promise.all(claims.map((c) => c.release()));
    if (found.status !== 'active') fail(ErrorCode.EMAIL_NOT_VERIFIED);
    // Only now that the password checked: an account of another data centre learns its host, so the
    // answer cannot be used to probe which accounts exist where. The centre holds no business data:
    // every account is sent on to its region.
    const role = this.d.config.role;
    if ((role === 'region' && found.data_center !== this.d.config.dataCenter) || role === 'central')
      fail(ErrorCode.NOT_CURRENT_DATA_CENTER, {
        data_center: found.data_center,
        host: this.hostOf(found.data_center),
      });
    const user = 'team_id' in found ? found : await mirrorAccount(this.d, found);
    const session = await this.issueSession(user);
    audit(this.d.bus, {
      teamId: user.team_id,
      userId: user.id,
      action: 'login',
      target: user.username,
      ip: address,
    });
    return session;
  }

  private async checkHere(key: string, password: string): Promise<UserRow> {
    const user = await this.d.repo.findUserByUsername(key);
    if (!user) fail(ErrorCode.USER_NOT_FOUND);
    if (!(await (this.d.verifyPassword ?? verifyPassword)(password, user.password_hash))) {
      audit(this.d.bus, {
        teamId: user.team_id,
        userId: user.id,
        action: 'loginFailed',
        target: user.username,
      });
      fail(ErrorCode.INCORRECT_PASSWORD);
    }
    return user;
  }

  /** ROLE=region: the centre checks the password; an unreachable centre is no failed attempt. */
  private async checkAtCentre(
    centre: CentrePort,
    key: string,
    password: string,
    claims: { release(): Promise<void> }[],
  ): Promise<CentreAccount> {
    try {
      return await centre.verify(key, password);
    } catch (err) {
      if (err instanceof AppError && err.code === ErrorCode.CENTRAL_UNAVAILABLE)
        await Promise.all(claims.map((c) => c.release()));
      throw err;
    }
  }

  async refresh(authorization: string | string[] | undefined): Promise<SessionTokens> {
    const token = tokenFromHeader(authorization);
    if (!token) fail(ErrorCode.AUTH_HEADER_LOST);
    const row = await this.d.repo.findRefreshToken(sha256(token));
    if (!row) fail(ErrorCode.AUTH_EXPIRED);
    const user = await this.d.repo.findUserById(row.user_id);
    if (!user || user.removed_at !== null) fail(ErrorCode.ACCOUNT_DELETED);
    const now = this.now();
    if (row.revoked_at !== null || row.expires_at <= now) fail(ErrorCode.AUTH_EXPIRED);
    let rotatedAt = row.rotated_at;
    if (rotatedAt === null) {
      const rotated = await this.d.repo.transaction((trx) => this.d.repo.markRotated(row.id, now, trx));
      if (rotated) return this.issueSession(user, row.family_id);
      // Another request rotated it meanwhile, or a logout revoked it: read which.
      const again = await this.d.repo.findRefreshToken(row.token_hash);
      if (!again || again.revoked_at !== null) fail(ErrorCode.AUTH_EXPIRED);
      rotatedAt = again.rotated_at ?? now;
    }
    if (now - rotatedAt > this.d.config.refreshReuseGrace) {
      await this.d.repo.revokeFamily(row.family_id, now);
      this.sessionsEnded(user.id);
      this.d.log.warn({ userId: user.id, family: row.family_id }, 'refresh token reused; family revoked');
      fail(ErrorCode.AUTH_EXPIRED);
    }
    // Presented again just after its rotation: the console's tabs share one stored session and may
    // refresh at once (one reads the stored token before another's new one reaches it), or a reload
    // lost the answer. A new pair of the same family; a logout still ends all of them.
    return this.issueSession(user, row.family_id);
  }

  /** Clears the account's login failures from every address (its password was just reset). */
  async resetLoginFailures(key: string): Promise<void> {
    await this.pairFailures.resetStartingWith(pairKey(key, ''));
    await this.accountFailures.resetClaims(key);
  }

  async logout(user: SessionUser): Promise<null> {
    await this.d.repo.revokeFamily(user.familyId, this.now());
    this.sessionsEnded(user.id);
    audit(this.d.bus, { teamId: user.teamId, userId: user.id, action: 'logout', target: user.row.username });
    return null;
  }

  // sign-up and activation

  async phoneVerify(scene: CodeScene, phone: string, locale: Locale): Promise<{ resend_after: number }> {
    const existing = await this.d.repo.findUserByUsername(phone);
    if (scene === 'register' && existing) fail(ErrorCode.USER_EXISTS);
    if (scene === 'forget' && !existing) fail(ErrorCode.USER_NOT_FOUND);
    const target = scene === 'forget' && existing ? existing.username_key : phone;
    return {
      resend_after: await this.codes.send(target, scene, this.codes.sms(phone, scene, locale), 1018),
    };
  }

  async register(
    type: number,
    b: CallBody<typeof registerCall>,
  ): Promise<{ activated: boolean } | Coded<{ activated: boolean }>> {
    const username = b.username.trim();
    const issue = type === AccountType.PHONE ? checkPhone(username) : checkEmail(username);
    if (issue) failInput('username', issue);
    const existing = await this.d.repo.findUserByUsername(username);
    if (existing?.status === 'active') fail(ErrorCode.USER_EXISTS);
    // A pending registration is never replaced (that would hand the address to whoever registered
    // last): its own activation mail goes out again, and the caller gets the usual answer.
    if (existing) {
      await this.activation.resend(existing, b.locale);
      return new Coded(ErrorCode.GO_ACTIVATE_EMAIL, { activated: false });
    }
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
      await this.codes.check(username, 'register', b.code, 1016);
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

    const code = await this.activation.send(username, b.name, b.locale);
    try {
      await this.d.repo.transaction(async (trx) => {
        const user = await this.d.repo.createTeamWithMainUser(
          b.name,
          { ...base, email: username, phone: null, status: 'pending' },
          trx,
        );
        await this.d.repo.insertActivation(activationRow(code, user.id, now), trx);
      });
    } catch (err) {
      // Another registration of the address committed first (unique username): that one is pending.
      const winner = await this.d.repo.findUserByUsername(username);
      if (!winner || winner.status === 'active') throw err;
      await this.activation.resend(winner, b.locale);
    }
    return new Coded(ErrorCode.GO_ACTIVATE_EMAIL, { activated: false });
  }

  async activate(code: string): Promise<{ username: string }> {
    const row = await this.d.repo.findActivation(sha256(code));
    if (!row) fail(ErrorCode.NO_DATA);
    const user = await this.d.repo.findUserById(row.user_id);
    if (!user || user.removed_at !== null) fail(ErrorCode.NO_DATA);
    if (row.used_at !== null) return { username: user.username };
    const now = this.now();
    if (row.expires_at <= now) fail(ErrorCode.ACTIVATION_LINK_EXPIRED);
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
      if (await this.d.repo.findUserByUsername(username)) fail(ErrorCode.USER_EXISTS);
      await this.codes.send(username, 'register', this.codes.sms(username, 'register', locale), 1018);
      return null;
    }
    const user = await this.d.repo.findUserByUsername(username);
    if (!user || user.email === null) fail(ErrorCode.USER_NOT_FOUND);
    if (user.status === 'active') return null;
    await this.activation.resend(user, locale);
    return null;
  }
}
