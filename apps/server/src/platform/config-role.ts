/**
 * The role of a process in the data-centre split (ROLE, CENTRAL_URL, CENTRAL_SECRET), checked at
 * start-up with the rest of the configuration (config.ts).
 */
import { ConfigError, origin, str, type Env } from './config-values';

export const processRoles = ['all', 'central', 'region'] as const;
/**
 * `all`: one process serves every role (the embedded default). `central`: the central account service
 * (identity, the directory of accounts, registration, activation, recovery, removal). `region`: one data
 * centre's deployment, which checks logins with the centre.
 */
export type ProcessRole = (typeof processRoles)[number];

export interface RoleConfig {
  role: ProcessRole;
  /** Origin of the central account service (ROLE=region), without a trailing slash; null otherwise. */
  centralUrl: string | null;
  /** Shared key of the server-to-server calls between the centre and the regions; null for ROLE=all. */
  centralSecret: string | null;
}

const MIN_SECRET = 32;

/** Parses the role variables; `given` tells which other variables were set (a region needs its hosts). */
export function loadRoleConfig(env: Env, given: { dataCenterUrls: boolean }): RoleConfig {
  const value = (name: string) => str(env, name);
  const role = value('ROLE') ?? 'all';
  if (!(processRoles as readonly string[]).includes(role))
    throw new ConfigError('ROLE', `must be one of ${processRoles.join(', ')}, got "${role}"`);
  const secret = value('CENTRAL_SECRET');
  if (role !== 'all' && secret === null)
    throw new ConfigError('CENTRAL_SECRET', `is required with ROLE=${role}`);
  if (secret !== null && secret.length < MIN_SECRET)
    throw new ConfigError('CENTRAL_SECRET', `must be at least ${MIN_SECRET} characters long`);

  let centralUrl: string | null = null;
  const rawUrl = value('CENTRAL_URL');
  if (role === 'region') {
    if (rawUrl === null) throw new ConfigError('CENTRAL_URL', 'is required with ROLE=region');
    centralUrl = origin('CENTRAL_URL', rawUrl);
    // 1078 answers an account of another data centre with that centre's host: the default (every
    // data centre at this PUBLIC_URL) would send the browser back here.
    if (!given.dataCenterUrls)
      throw new ConfigError(
        'DATA_CENTER_URLS',
        'is required with ROLE=region (the host of each data centre)',
      );
  }
  return { role: role as ProcessRole, centralUrl, centralSecret: secret };
}
