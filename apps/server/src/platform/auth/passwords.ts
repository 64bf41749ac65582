import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEYLEN = 64;

/**
 * Each scrypt run takes 16 MiB (128 · N · r) on a thread of the libuv pool: at most this many run at
 * once, so a burst of logins (however many accounts it guesses) neither takes every pool thread from
 * file and DNS work nor a multiple of that memory. The rest queue here, in order.
 */
const SCRYPT_CONCURRENCY = 2;
let running = 0;
const queued: (() => void)[] = [];

async function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  if (running >= SCRYPT_CONCURRENCY) await new Promise<void>((turn) => queued.push(turn));
  else running += 1;
  try {
    return await new Promise((resolve, reject) => {
      scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)));
    });
  } finally {
    // The slot passes straight to the next in line (running stays the same) or is freed.
    const next = queued.shift();
    if (next) next();
    else running -= 1;
  }
}

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEYLEN, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, hashB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hashB64, 'base64url');
  const key = await scryptAsync(password, Buffer.from(saltB64, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
