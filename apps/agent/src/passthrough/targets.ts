import { PASSTHROUGH_TARGET_RE } from '@hmi/contract';
import type { PassthroughTargets } from './gateway-side';

export type { PassthroughTargets } from './gateway-side';

/** Checks the gateway file's `passthrough` object: names of the connection grammar, a host, a port. */
export function parsePassthroughTargets(raw: unknown): PassthroughTargets {
  if (raw === undefined) return {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new Error('"passthrough" maps target names to { "host", "port" }');
  const out: PassthroughTargets = {};
  for (const [name, t] of Object.entries(raw as Record<string, unknown>)) {
    if (!PASSTHROUGH_TARGET_RE.test(name))
      throw new Error(
        `passthrough target "${name}": a name is a letter then up to 31 letters, digits, _ or -`,
      );
    const { host, port } = (t ?? {}) as { host?: unknown; port?: unknown };
    if (
      typeof host !== 'string' ||
      !host ||
      !Number.isInteger(port) ||
      (port as number) < 1 ||
      (port as number) > 65535
    )
      throw new Error(`passthrough target "${name}" needs a host and a port (1-65535)`);
    out[name] = { host, port: port as number };
  }
  return out;
}
