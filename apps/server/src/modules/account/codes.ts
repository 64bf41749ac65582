import { createHmac, randomInt } from 'node:crypto';
import type { Locale } from '@hmi/contract';
import { ErrorCode } from '@hmi/contract';
import { epochSeconds } from '../../platform/clock';
import type { CodeScene } from '../../platform/db/schema';
import { fail, failRetry } from '../../platform/errors';
import { codeSms } from '../../platform/mail/templates';
import { accountPolicy, type AccountDeps } from './policy';

const PHONE_COUNTRY_CODE = '+86';

/** Six-digit verification codes (registration by phone, password recovery): sent, stored hashed, checked. */
export class VerificationCodes {
  constructor(private readonly d: AccountDeps) {}

  private hash(target: string, scene: CodeScene, code: string): string {
    return createHmac('sha256', this.d.tokenSecret).update(`${scene}\n${target}\n${code}`).digest('hex');
  }

  /** Creates and delivers a 6-digit code; at most one per target and scene every 60 s (1018). */
  async send(
    target: string,
    scene: CodeScene,
    deliver: (code: string) => Promise<void>,
    failure: 1013 | 1018,
  ): Promise<number> {
    const now = epochSeconds(this.d.clock);
    const p = accountPolicy;
    const latest = await this.d.repo.latestCode(target, scene);
    if (latest && latest.created_at + p.codeIntervalSeconds > now)
      failRetry(ErrorCode.CODE_SEND_FAILED, latest.created_at + p.codeIntervalSeconds - now);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.d.repo.replaceCode({
      target,
      scene,
      code_hash: this.hash(target, scene, code),
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
  async check(target: string, scene: CodeScene, code: string | undefined, missing: 1011 | 1016) {
    const row = await this.d.repo.latestCode(target, scene);
    if (!row || code === undefined) fail(missing);
    if (row.expires_at <= epochSeconds(this.d.clock) || row.attempts >= accountPolicy.codeMaxAttempts)
      fail(ErrorCode.VERIFICATION_CODE);
    if (row.code_hash !== this.hash(target, scene, code)) {
      await this.d.repo.countCodeAttempt(row.id);
      fail(ErrorCode.VERIFICATION_CODE);
    }
  }

  sms(phone: string, scene: CodeScene, locale: Locale) {
    return (code: string) =>
      this.d.sms.send({
        to: `${PHONE_COUNTRY_CODE}${phone}`,
        text: codeSms(locale, code, accountPolicy.codeSeconds / 60),
        kind: `sms-${scene}`,
      });
  }
}
