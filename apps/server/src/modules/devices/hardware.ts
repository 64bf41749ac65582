import { randomBytes } from 'node:crypto';
import { SN_PATTERN } from '@hmi/contract';
import type { Kysely } from 'kysely';
import { hashPassword } from '../../platform/auth/passwords';
import { sha256 } from '../../platform/auth/tokens';
import type { Database } from '../../platform/db/schema';

export interface HardwareInput {
  sn: string;
  pin: string;
  model: string;
}

/** Why a registration was refused, or null when the input is acceptable. */
export function checkHardware(input: HardwareInput): string | null {
  if (!SN_PATTERN.test(input.sn)) return 'SN must be 1-64 letters, digits, "-" or "_"';
  if (!/^[\x21-\x7e]{4,32}$/.test(input.pin))
    return 'PIN must be 4-32 printable ASCII characters without spaces';
  if (!input.model.trim() || input.model.length > 64) return 'model must be 1-64 characters';
  return null;
}

/**
 * Registers hardware (the operator's `device:register`): stores the SN, a hash of its PIN and a hash of
 * a newly generated device secret, which is returned once (the device's MQTT password).
 */
export async function registerHardware(
  db: Kysely<Database>,
  input: HardwareInput,
  now: number,
): Promise<{ sn: string; secret: string }> {
  const problem = checkHardware(input);
  if (problem) throw new Error(problem);
  const existing = await db.selectFrom('hardware').select('id').where('sn', '=', input.sn).executeTakeFirst();
  if (existing) throw new Error(`SN ${input.sn} is already registered`);
  const secret = randomBytes(24).toString('base64url');
  await db
    .insertInto('hardware')
    .values({
      sn: input.sn,
      pin_hash: await hashPassword(input.pin),
      model: input.model.trim(),
      secret_hash: sha256(secret),
      created_at: now,
    })
    .execute();
  return { sn: input.sn, secret };
}

/**
 * Revokes hardware (the operator's `device:revoke`): it may no longer connect. A running server drops
 * its live connection within 30 s (at once when the caller also emits `hardwareRevoked`).
 */
export async function revokeHardware(db: Kysely<Database>, sn: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('hardware')
    .set({ revoked_at: now })
    .where('sn', '=', sn)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Gives registered hardware a new secret and PIN (demo hardware whose identity file was lost). */
export async function resetHardwareSecret(
  db: Kysely<Database>,
  sn: string,
  secret: string,
  pin: string,
): Promise<void> {
  await db
    .updateTable('hardware')
    .set({ secret_hash: sha256(secret), pin_hash: await hashPassword(pin) })
    .where('sn', '=', sn)
    .execute();
}
