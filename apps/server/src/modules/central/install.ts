import { centralCalls, errorCatalogue, type CentralCallName } from '@hmi/contract';
import type { FastifyInstance } from 'fastify';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { fail } from '../../platform/errors';
import type { CentralDirectory } from '../account/directory';
import { CentreClient } from './client';
import { CENTRAL_PREFIX, signatureValid, SIGNATURE_HEADER } from './protocol';

type Body<N extends CentralCallName> = ReturnType<(typeof centralCalls)[N]['body']['parse']>;

/**
 * ROLE=central: the server-to-server calls the regions make (credential check, directory, removal,
 * password change), each refused with 1001 unless signed with CENTRAL_SECRET.
 */
export function installCentralService(
  app: FastifyInstance,
  d: { secret: string; clock: Clock; directory: CentralDirectory },
): void {
  const handlers: { [N in CentralCallName]: (b: Body<N>) => Promise<unknown> } = {
    verify: (b) => d.directory.verify(b.username, b.password),
    directory: async (b) => ({ data_center: await d.directory.dataCenterOf(b.username) }),
    remove: (b) => d.directory.remove(b.username, b.password),
    password: (b) => d.directory.changePassword(b.username, b.old_password, b.password),
  };
  for (const name of Object.keys(centralCalls) as CentralCallName[]) {
    const call = centralCalls[name];
    const path = `${CENTRAL_PREFIX}${call.path}`;
    app.post(path, async (req) => {
      const raw = JSON.stringify(req.body ?? null);
      const header = req.headers[SIGNATURE_HEADER];
      if (
        !signatureValid(
          d.secret,
          typeof header === 'string' ? header : undefined,
          epochSeconds(d.clock),
          path,
          raw,
        )
      )
        fail(1001);
      const body = call.body.safeParse(req.body);
      if (!body.success) fail(1006);
      // The body was parsed with this very call's schema.
      const handler = handlers[name] as (b: unknown) => Promise<unknown>;
      const data = await handler(body.data);
      return { code: 0, data: data ?? null, msg: errorCatalogue[0].message };
    });
  }
}

/** ROLE=central: serves the regions' calls; nothing for the other roles. */
export function serveCentralRole(
  app: FastifyInstance,
  config: Config,
  d: { clock: Clock; directory: CentralDirectory },
): void {
  if (config.role === 'central' && config.centralSecret !== null)
    installCentralService(app, { ...d, secret: config.centralSecret });
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
