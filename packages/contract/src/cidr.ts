/**
 * Client networks of security zones: IPv4 and IPv6 addresses and CIDR blocks, parsed without any
 * platform library so the web form and the server check them the same way.
 */
import type { ValidationKey } from './validators';

export interface IpAddress {
  version: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: number[];
}

export interface Cidr extends IpAddress {
  prefix: number;
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || (p.length > 1 && p.startsWith('0'))) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out;
}

function parseIpv6(text: string): number[] | null {
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (let i = 0; i < pieces.length; i += 1) {
      const piece = pieces[i] ?? '';
      if (piece.includes('.')) {
        // An embedded IPv4 address may only end the address.
        if (i !== pieces.length - 1) return null;
        const v4 = parseIpv4(piece);
        if (!v4) return null;
        out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else {
        if (!/^[0-9A-Fa-f]{1,4}$/.test(piece)) return null;
        out.push(parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = groupsOf(halves[0] ?? '');
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? '') : [];
  if (!head || !tail) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - tail.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...tail];
  } else {
    if (head.length !== 8) return null;
    groups = head;
  }
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

/**
 * An IPv4 or IPv6 address (zone ids such as `%eth0` are dropped). IPv4-mapped IPv6 addresses
 * (`::ffff:a.b.c.d`) are returned as IPv4, so a socket address matches IPv4 networks.
 */
export function parseIp(text: string): IpAddress | null {
  const t = text.trim().replace(/%[\w.-]+$/, '');
  if (t.includes(':')) {
    const bytes = parseIpv6(t);
    if (!bytes) return null;
    const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
    return mapped ? { version: 4, bytes: bytes.slice(12) } : { version: 6, bytes };
  }
  const v4 = parseIpv4(t);
  return v4 ? { version: 4, bytes: v4 } : null;
}

/** Zeroes the host bits of `bytes` beyond `prefix`. */
function maskBytes(bytes: readonly number[], prefix: number): number[] {
  return bytes.map((b, i) => {
    const bits = Math.min(8, Math.max(0, prefix - i * 8));
    return bits === 8 ? b : b & ((0xff << (8 - bits)) & 0xff);
  });
}

/** A CIDR block (`a.b.c.d/n`, `x::y/n`); a bare address is a single host (/32 or /128). */
export function parseCidr(text: string): Cidr | null {
  const m = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(text.trim());
  if (!m?.[1]) return null;
  const raw = m[1];
  // An IPv4-mapped address keeps IPv6 prefix arithmetic; only plain text decides the version.
  const version = raw.includes(':') ? 6 : 4;
  const bytes = version === 4 ? parseIpv4(raw) : parseIpv6(raw);
  if (!bytes) return null;
  const max = version === 4 ? 32 : 128;
  const prefix = m[2] === undefined ? max : Number(m[2]);
  if (prefix > max || (m[2] !== undefined && m[2].length > 1 && m[2].startsWith('0'))) return null;
  return { version, bytes: maskBytes(bytes, prefix), prefix };
}

function formatIpv6(bytes: readonly number[]): string {
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0));
  // Longest run of two or more zero groups becomes `::` (RFC 5952).
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best < 0) return hex.join(':');
  return `${hex.slice(0, best).join(':')}::${hex.slice(best + bestLen).join(':')}`;
}

/** Canonical text of a block: network address (host bits cleared) and prefix, e.g. `10.1.0.0/16`. */
export function formatCidr(c: Cidr): string {
  const address = c.version === 4 ? c.bytes.join('.') : formatIpv6(c.bytes);
  return `${address}/${c.prefix}`;
}

/** The canonical form of a network as typed, or null when it is not a valid CIDR block. */
export function normalizeCidr(text: string): string | null {
  const c = parseCidr(text);
  return c ? formatCidr(c) : null;
}

/** Validator of a zone's client network (ValidationKey `cidr`). */
export function checkCidr(value: string): ValidationKey | null {
  if (!value.trim()) return 'required';
  return parseCidr(value) ? null : 'cidr';
}

/** True when `ip` lies inside `block` (an IPv4 address never matches an IPv6 block and back). */
export function cidrContains(block: Cidr, ip: IpAddress): boolean {
  let b = block;
  // `::ffff:a.b.c.d/n` blocks (n ≥ 96) hold IPv4 addresses.
  if (b.version === 6 && ip.version === 4 && b.prefix >= 96) {
    const mapped = b.bytes.slice(0, 10).every((x) => x === 0) && b.bytes[10] === 0xff && b.bytes[11] === 0xff;
    if (!mapped) return false;
    b = { version: 4, bytes: b.bytes.slice(12), prefix: b.prefix - 96 };
  }
  if (b.version !== ip.version) return false;
  const masked = maskBytes(ip.bytes, b.prefix);
  return masked.every((x, i) => x === b.bytes[i]);
}
