import { randomBytes } from 'node:crypto';

/** A single-use tunnel ticket: 32 random bytes, URL-safe. */
export function newTicket(): string {
  return randomBytes(32).toString('base64url');
}
