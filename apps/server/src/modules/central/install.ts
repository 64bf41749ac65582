import { ErrorCode, centralCalls, errorCatalogue, regionCalls } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import { fail } from '../../platform/errors';
import type { CentralDirectory, RegionAccounts } from '../account';
import { CentreClient } from './client';
import { CENTRAL_PREFIX, REGION_PREFIX, signatureValid, SIGNATURE_HEADER } from './protocol';
import { RegionNotices } from './region-notices';
import { SignedTransport, type SignedCall } from './transport';

type Handlers<T extends Record<string, SignedCall>> = {
  [N in keyof T]: (b: z.output<T[N]['body']>) => Promise<unknown>;
};

/** Serves the signed calls `calls` under `prefix`, each refused with 1001 unless signed with `secret`. */
export function serveSignedCalls<T extends Record<string, SignedCall>>(
  app: FastifyInstance,
  prefix: string,
  calls: T,
  handlers: Handlers<T>,
  d: { secret: string; clock: Clock },
): void {
  for (const [name, call] of Object.entries(calls) as [keyof T, SignedCall][]) {
    const path = `${prefix}${call.path}`;
    app.post(path, async (req) => {
      const raw = JSON.stringify(req.body ?? null);
      const header = req.headers[SIGNATURE_HEADER];
      const signature = typeof header === 'string' ? header : undefined;
      if (!signatureValid(d.secret, signature, epochSeconds(d.clock), path, raw))
        fail(ErrorCode.AUTHENTICATION);
      const body = call.body.safeParse(req.body);
      if (!body.success) fail(ErrorCode.INPUT_PARAMETER);
      // The body was parsed with this very call's schema.
      const handler = handlers[name] as (b: unknown) => Promise<unknown>;
      const data = await handler(body.data);
      return { code: 0, data: data ?? null, msg: errorCatalogue[0].message };
    });
  }
}

/**
 * The server-to-server calls of the data-centre split: ROLE=central serves the regions' calls
 * (credential check, directory, removal, password change); ROLE=region serves the centre's (may an
 * account be removed, it was removed, its password changed). Nothing for ROLE=all.
 */
export function serveSignedRole(
  app: FastifyInstance,
  config: Config,
  d: { clock: Clock; directory: CentralDirectory; regionAccounts: RegionAccounts },
): void {
  if (config.centralSecret === null) return;
  const signed = { secret: config.centralSecret, clock: d.clock };
  if (config.role === 'central')
    serveSignedCalls(
      app,
      CENTRAL_PREFIX,
      centralCalls,
      {
        verify: (b) => d.directory.verify(b.username, b.password),
        directory: async (b) => {
          const account = await d.directory.accountOf(b.username);
          return { data_center: account?.data_center ?? null, account };
        },
        remove: (b) => d.directory.remove(b.username, b.password),
        password: (b) => d.directory.changePassword(b.username, b.old_password, b.password, b.keep_session),
      },
      signed,
    );
  if (config.role === 'region')
    serveSignedCalls(
      app,
      REGION_PREFIX,
      regionCalls,
      {
        removable: (b) => d.regionAccounts.removable(b.username, b.account_id),
        removed: (b) => d.regionAccounts.removed(b.username, b.account_id),
        password: (b) => d.regionAccounts.passwordChanged(b),
      },
      signed,
    );
}

/** ROLE=region: the client of the central account service; null for the other roles. */
export function centreClientFor(
  config: Config,
  clock: Clock,
  log: FastifyInstance['log'],
): CentreClient | null {
  if (config.role !== 'region' || config.centralUrl === null || config.centralSecret === null) return null;
  return new CentreClient({ url: config.centralUrl, secret: config.centralSecret, clock, log });
}

/**
 * ROLE=central: the outbox of notices to the regions, delivering from now until `onShutdown`; null
 * for the other roles.
 */
export function regionNoticesFor(
  config: Config,
  d: {
    db: Kysely<Database>;
    clock: Clock;
    log: FastifyInstance['log'];
    onShutdown: (fn: () => Promise<void>) => void;
  },
): RegionNotices | null {
  if (config.role !== 'central' || config.centralSecret === null || config.regionUrls === null) return null;
  const transport = new SignedTransport({ secret: config.centralSecret, clock: d.clock, log: d.log });
  const notices = new RegionNotices({ ...d, transport, regionUrls: config.regionUrls });
  notices.start();
  d.onShutdown(() => notices.stop());
  return notices;
}
