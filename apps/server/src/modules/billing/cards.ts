import { randomInt } from 'node:crypto';
import { BillingCardType, limits } from '@hmi/contract';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
export const CARD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
export const CARD_NUMBER_LENGTH = 16;
export const CARD_VALIDITY_SECONDS = 365 * 86400 * limits.cardValidityYears;

function randomText(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

export type CardTypeValue = (typeof BillingCardType)[keyof typeof BillingCardType];

/** `CA…` or `RA…` and 14 random characters; activation names the card by its last 8. */
export function newCardNumber(type: CardTypeValue): string {
  const prefix = type === BillingCardType.CLOUD_APPLICATION ? 'CA' : 'RA';
  return prefix + randomText(CARD_ALPHABET, CARD_NUMBER_LENGTH - prefix.length);
}

/** 8 alphanumeric characters from the CSPRNG (crypto.randomInt). */
export function newCardPassword(): string {
  return randomText(PASSWORD_ALPHABET, limits.cardPasswordLength);
}

export function numberTail(number: string): string {
  return number.slice(-limits.cardNumberTail);
}

const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 };

/** `5GB`, `500MB`, `1.5 TB` or a plain byte count; null when unreadable. */
export function parseSize(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)\s*([KMGT]?B)?$/i.exec(text.trim());
  if (!m?.[1]) return null;
  const bytes = Math.round(Number(m[1]) * (UNITS[(m[2] ?? 'B').toUpperCase()] ?? 1));
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : null;
}
