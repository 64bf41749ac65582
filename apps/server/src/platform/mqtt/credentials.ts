import { timingSafeEqual } from 'node:crypto';
import { SN_PATTERN } from '@hmi/contract';
import type { Kysely } from 'kysely';
import { sha256 } from '../auth/tokens';
import type { Database } from '../db/schema';

/**
 * Checks a device's MQTT credentials: username = SN of registered, not revoked hardware, password =
 * its device secret (compared by sha256 in constant time). Hardware may connect before a team binds
 * it, so it shows online the moment it is bound; its TAG values are discarded until then.
 */
export async function checkDeviceCredentials(
  db: Kysely<Database>,
  username: string | undefined,
  password: Buffer | undefined,
): Promise<boolean> {
  if (!username || !password || !SN_PATTERN.test(username)) return false;
  const row = await db
    .selectFrom('hardware')
    .select(['secret_hash', 'revoked_at'])
    .where('sn', '=', username)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null) return false;
  const given = Buffer.from(sha256(password.toString('utf8')), 'hex');
  const stored = Buffer.from(row.secret_hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
