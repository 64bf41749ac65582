import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { DynsecClient } from './dynsec';

export interface Reconciliation {
  /** Device clients removed from the broker: their hardware is revoked or unknown. */
  removed: string[];
  /**
   * Hardware the broker has no client for. The secret exists in clear only when it is issued, so
   * the server cannot create the client; `device:secret` issues a new one and provisions it.
   */
  unprovisioned: string[];
}

/** SNs named in a log line (the full lists can be long). */
const LOGGED_MAX = 20;

/**
 * Brings the broker's device clients in line with the hardware table (external broker, at start):
 * a client whose hardware was revoked or deleted while no server could act (the operator's CLI
 * without MQTT_URL, a failed call) is removed; hardware without a client is reported.
 */
export async function reconcileDynsec(
  dynsec: DynsecClient,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<Reconciliation> {
  const [clients, hardware] = await Promise.all([
    dynsec.deviceClients(),
    db.selectFrom('hardware').select(['sn', 'revoked_at']).execute(),
  ]);
  const active = new Set(hardware.filter((h) => h.revoked_at === null).map((h) => h.sn));
  const onBroker = new Set(clients);
  const removed = clients.filter((sn) => !active.has(sn));
  for (const sn of removed) await dynsec.revoke(sn);
  const unprovisioned = [...active].filter((sn) => !onBroker.has(sn));
  if (removed.length)
    log.info(
      { count: removed.length, sns: removed.slice(0, LOGGED_MAX) },
      'broker: removed device logins of revoked or unknown hardware',
    );
  if (unprovisioned.length)
    log.warn(
      { count: unprovisioned.length, sns: unprovisioned.slice(0, LOGGED_MAX) },
      'broker: registered hardware has no login on the external broker and cannot connect; issue a new secret with `npm run admin -- device:secret --sn <SN>`',
    );
  return { removed, unprovisioned };
}
