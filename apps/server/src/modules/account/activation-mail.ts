import { ErrorCode, limits, type Locale } from '@hmi/contract';
import { randomToken, sha256 } from '../../platform/auth/tokens';
import { epochSeconds } from '../../platform/clock';
import type { UserRow } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import { activationMail } from '../../platform/mail/templates';
import { accountPolicy, type AccountDeps } from './policy';

/** The activation row of a link's code: only its hash is stored. */
export function activationRow(code: string, userId: number, now: number) {
  return {
    token_hash: sha256(code),
    user_id: userId,
    created_at: now,
    expires_at: now + accountPolicy.activationSeconds,
  };
}

/** Activation links by mail for accounts registered with an address, within the hourly mail limit. */
export class ActivationMail {
  constructor(private readonly d: AccountDeps) {}

  /** Mails a new activation link to `to` and returns its code (1013 when the mail cannot be sent). */
  async send(to: string, name: string, locale: Locale): Promise<string> {
    const code = randomToken();
    const link = `${this.d.config.publicUrl}/#/activeresult?code=${code}`;
    const mail = activationMail(locale, name, link, limits.activationMailHours);
    try {
      await this.d.mailer.send({ to, ...mail, kind: 'activation' });
    } catch (err) {
      this.d.log.error({ err }, 'activation mail failed');
      fail(ErrorCode.EMAIL_SEND_FAILED);
    }
    return code;
  }

  /** A new activation link for a pending account (older ones voided), within the hourly mail limit. */
  async resend(user: UserRow, locale: Locale): Promise<void> {
    if (user.email === null) fail(ErrorCode.USER_NOT_FOUND);
    const now = epochSeconds(this.d.clock);
    const sent = await this.d.repo.countActivationsSince(user.id, now - 3600);
    if (sent >= accountPolicy.activationMailsPerHour) fail(ErrorCode.EMAIL_LIMIT);
    const code = await this.send(user.email, user.name, locale);
    await this.d.repo.transaction(async (trx) => {
      await this.d.repo.voidActivations(user.id, now, trx);
      await this.d.repo.insertActivation(activationRow(code, user.id, now), trx);
    });
  }
}
