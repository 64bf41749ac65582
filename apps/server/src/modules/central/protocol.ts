/**
 * How the server-to-server calls between the regions and the central account service (schemas:
 * contract protocol/central.ts) are sent and authenticated.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const CENTRAL_PREFIX = '/internal/central';
export const SIGNATURE_HEADER = 'x-central-signature';
/** How far a signed call's time may be from the receiver's clock (replays older than this fail). */
export const SIGNATURE_WINDOW_SECONDS = 300;

function mac(secret: string, time: number, path: string, body: string): string {
  const digest = createHash('sha256').update(body).digest('hex');
  return createHmac('sha256', secret).update(`${time}\n${path}\n${digest}`).digest('hex');
}

/** The signature header of a call: its time and an HMAC over time, path and body. */
export function sign(secret: string, time: number, path: string, body: string): string {
  return `${time}.${mac(secret, time, path, body)}`;
}

/** Whether `header` signs this path and body with `secret` within the time window. */
export function signatureValid(
  secret: string,
  header: string | undefined,
  now: number,
  path: string,
  body: string,
): boolean {
  const m = header === undefined ? null : /^(\d{1,12})\.([0-9a-f]{64})$/.exec(header);
  if (!m?.[1] || !m[2]) return false;
  const time = Number(m[1]);
  if (Math.abs(now - time) > SIGNATURE_WINDOW_SECONDS) return false;
  const expected = Buffer.from(mac(secret, time, path, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}

/** Where a region serves the centre's calls (contract regionCalls), signed with the same secret. */
export const REGION_PREFIX = '/internal/region';
