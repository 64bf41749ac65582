import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import mqtt from 'mqtt';
import { sha256 } from '../../platform/auth/tokens';
import type { Database } from '../../platform/db/schema';
import { DynsecClient } from '../../platform/mqtt/dynsec';
import { registerHardware, revokeHardware, type HardwareInput } from './hardware';

/**
 * Broker provisioning for the operator's commands. With an external broker (MQTT_URL) a device can
 * log in only once the broker holds its client, and the broker must forget it when it is revoked;
 * each change to the hardware table is made in a transaction that commits only after the broker
 * accepted the matching change, so a refused provisioning leaves no registered hardware behind.
 * Without MQTT_URL (embedded broker) the hardware table is the broker's only source.
 */
export interface BrokerLink {
  dynsec: DynsecClient;
  close(): Promise<void>;
}

/** Connects to the external broker with MQTT_URL's console login (holding the dynamic-security API). */
export async function openBrokerLink(mqttUrl: string): Promise<BrokerLink> {
  const client = await mqtt.connectAsync(mqttUrl, {
    protocolVersion: 5,
    clientId: `hmi-admin-${randomBytes(4).toString('hex')}`,
    reconnectPeriod: 0,
    connectTimeout: 10_000,
  });
  return { dynsec: new DynsecClient(client), close: () => client.endAsync() };
}

/** Registers hardware and, with a broker link, its broker login; returns the new device secret. */
export async function registerDevice(
  db: Kysely<Database>,
  broker: DynsecClient | null,
  input: HardwareInput,
  now: number,
): Promise<{ sn: string; secret: string }> {
  return db.transaction().execute(async (trx) => {
    const registered = await registerHardware(trx, input, now);
    await broker?.provisionDevice(registered.sn, registered.secret);
    return registered;
  });
}

/**
 * Revokes hardware and removes its broker login (which closes its connection). False when the SN is
 * unknown or revoked already; the broker login is removed in every case.
 */
export async function revokeDevice(
  db: Kysely<Database>,
  broker: DynsecClient | null,
  sn: string,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const revoked = await revokeHardware(trx, sn, now);
    await broker?.revoke(sn);
    return revoked;
  });
}

/**
 * Issues a new device secret (the old one stops working) and provisions it: how hardware registered
 * before the broker was external gets its broker login. Null when the SN is unknown or revoked.
 */
export async function reissueDeviceSecret(
  db: Kysely<Database>,
  broker: DynsecClient | null,
  sn: string,
): Promise<string | null> {
  const secret = randomBytes(24).toString('base64url');
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('hardware')
      .set({ secret_hash: sha256(secret) })
      .where('sn', '=', sn)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return null;
    await broker?.provisionDevice(sn, secret);
    return secret;
  });
}
