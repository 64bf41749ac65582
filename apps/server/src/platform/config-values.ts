/** Reading and checking single configuration variables; config.ts and config-role.ts share them. */
import { dataCenters, type DataCenter } from '@hmi/contract';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function str(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v.trim() === '' ? null : v.trim();
}

export function int(env: Env, name: string, def: number, min: number, max: number): number {
  const v = str(env, name);
  if (v === null) return def;
  if (!/^\d+$/.test(v)) throw new ConfigError(name, `must be a whole number, got "${v}"`);
  const n = Number(v);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

export function url(env: Env, name: string, protocols: readonly string[]): string | null {
  const v = str(env, name);
  if (v === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new ConfigError(name, `must be a URL, got "${v}"`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new ConfigError(name, `must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  return v;
}

export function origin(name: string, v: string): string {
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${v}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(name, `must be an http(s) URL, got "${v}"`);
  return v.replace(/\/+$/, '');
}

export function isDataCenter(v: string): v is DataCenter {
  return (dataCenters as readonly string[]).includes(v);
}

/** `eu=https://…,cn=https://…` written over `into` (an origin per data centre). */
export function dataCenterOrigins(
  name: string,
  raw: string,
  into: Record<DataCenter, string>,
): Record<DataCenter, string> {
  const out = { ...into };
  for (const part of raw.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    if (eq < 0 || !isDataCenter(key))
      throw new ConfigError(name, `must look like "eu=https://…,cn=https://…", got "${part}"`);
    out[key] = origin(name, part.slice(eq + 1).trim());
  }
  return out;
}
