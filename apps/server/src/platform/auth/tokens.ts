import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface AccessClaims {
  /** User id. */
  sub: number;
  /** Refresh-token family id of the session. */
  fam: string;
  iat: number;
  exp: number;
}

export type VerifyResult =
  { ok: true; claims: AccessClaims } | { ok: false; reason: 'malformed' | 'expired' };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** HS256 JWT-compatible compact token. */
export function signAccessToken(claims: AccessClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(input, secret).toString('base64url')}`;
}

function isClaims(v: unknown): v is AccessClaims {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.sub === 'number' &&
    Number.isInteger(o.sub) &&
    typeof o.fam === 'string' &&
    typeof o.iat === 'number' &&
    typeof o.exp === 'number'
  );
}

/** Checks signature and expiry at `nowSeconds`; a bad signature or shape is `malformed`. */
export function verifyAccessToken(token: string, secret: string, nowSeconds: number): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return { ok: false, reason: 'malformed' };
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'malformed' };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

/**
 * The expiry (epoch seconds) an access token states, read without checking its signature: only for a
 * token `verifyAccessToken` accepted already. Null when it cannot be read.
 */
export function statedExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return isClaims(claims) ? claims.exp : null;
  } catch {
    return null;
  }
}

/** An opaque random token (32 bytes, base64url). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** The token from an authorization header: raw or `Bearer <token>`; null when absent or blank. */
export function tokenFromHeader(header: string | string[] | undefined): string | null {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v) return null;
  const t = v.replace(/^Bearer\s+/i, '').trim();
  return t === '' ? null : t;
}
