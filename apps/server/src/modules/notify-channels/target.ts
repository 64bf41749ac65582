import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a webhook may reach (WEBHOOK_TARGETS):
 * - `public` (the default, production): https only, and only public unicast addresses: loopback,
 *   private (RFC 1918, unique-local fc00::/7), link-local (169.254/16 with cloud metadata, fe80::/10),
 *   carrier-grade NAT, multicast, reserved and unspecified addresses are refused, for the URL's
 *   literal address and for every address its name resolves to, checked again at each delivery
 *   (the connection goes to the address that was checked, so a name re-pointed later cannot slip by).
 * - `loopback` (dev and tests): as public, plus loopback addresses, which may also use plain http.
 * A webhook never follows a redirect: a 3xx answer is a failed delivery.
 */
export type WebhookTargets = 'public' | 'loopback';

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  refused.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  refused.addSubnet(net, bits, 'ipv6');
const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** IPv4 written inside IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is. */
function unmapped(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m?.[1] ?? ip;
}

export function isLoopback(address: string): boolean {
  const ip = unmapped(address);
  const family = isIP(ip);
  return family !== 0 && loopback.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a delivery may connect to `address` (an IP literal) under `targets`. */
export function addressAllowed(address: string, targets: WebhookTargets): boolean {
  const ip = unmapped(address);
  const family = isIP(ip);
  if (family === 0) return false;
  if (isLoopback(ip)) return targets === 'loopback';
  return !refused.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Why a URL is refused (a short reason naming the rule), or null when it may be saved. */
export function urlRefusal(raw: string, targets: WebhookTargets): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'not a URL';
  }
  if (u.username || u.password) return 'credentials in the URL';
  const host = hostOf(u);
  const literal = isIP(host) !== 0;
  if (u.protocol === 'http:') {
    if (targets !== 'loopback' || !(host === 'localhost' || (literal && isLoopback(host))))
      return 'https only';
  } else if (u.protocol !== 'https:') return 'https only';
  if (literal && !addressAllowed(host, targets)) return 'refused address';
  return null;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(u: URL): string {
  return u.hostname.replace(/^\[|\]$/g, '');
}

/**
 * The address a delivery connects to: the literal, or the first address the name resolves to when
 * every resolved address is allowed (one refused address refuses the name: no rebinding games).
 */
export async function resolveTarget(u: URL, targets: WebhookTargets): Promise<string> {
  const host = hostOf(u);
  const addresses =
    isIP(host) !== 0
      ? [host]
      : host === 'localhost'
        ? ['127.0.0.1']
        : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  const first = addresses[0];
  if (first === undefined || !addresses.every((a) => addressAllowed(a, targets)))
    throw new Error('refused address');
  return first;
}
