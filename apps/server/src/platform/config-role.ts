/**
 * The role of a process in the data-centre split (ROLE, CENTRAL_URL, CENTRAL_SECRET, REGION_URLS),
 * checked at start-up with the rest of the configuration (config.ts).
 */
import type { DataCenter } from '@hmi/contract';
import { ConfigError, dataCenterOrigins, origin, str, type Env } from './config-values';

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
  /**
   * ROLE=central: each region's server as the centre reaches it (REGION_URLS over DATA_CENTER_URLS),
   * for the calls the centre makes to a region (removal); null for the other roles.
   */
  regionUrls: Record<DataCenter, string> | null;
}

const MIN_SECRET = 32;

/** Parses the role variables; `given.dataCenterUrls` is DATA_CENTER_URLS when it was set, else null. */
export function loadRoleConfig(
  env: Env,
  given: { dataCenterUrls: Record<DataCenter, string> | null },
): RoleConfig {
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
  let regionUrls: Record<DataCenter, string> | null = null;
  const rawRegions = value('REGION_URLS');
  if (rawRegions !== null && role !== 'central')
    throw new ConfigError('REGION_URLS', `is only read with ROLE=central, got ROLE=${role}`);
  if (role === 'central') {
    // The centre tells a region of a removal, so it must know where every region is; and its own
    // logins answer 1078 with the host of the account's data centre.
    if (!given.dataCenterUrls)
      throw new ConfigError(
        'DATA_CENTER_URLS',
        'is required with ROLE=central (the host of each data centre)',
      );
    regionUrls =
      rawRegions === null
        ? given.dataCenterUrls
        : dataCenterOrigins('REGION_URLS', rawRegions, given.dataCenterUrls);
  }
  return { role: role as ProcessRole, centralUrl, centralSecret: secret, regionUrls };
}
