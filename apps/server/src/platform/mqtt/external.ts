import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { parseTopic, sharedSubscription, SHARE_GROUP, type TopicKind } from '@hmi/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerHandlers, DeviceBroker } from './broker';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DynsecClient } from './dynsec';
import { reconcileDynsec, type Reconciliation } from './reconcile';

export interface ExternalBrokerOptions {
  url: string;
  log: FastifyBaseLogger;
  /** Unique per instance; default `hmi-console-{host}-{random}`. */
  clientId?: string;
  shareGroup?: string;
  /** The hardware table: device logins on the broker are reconciled with it at start. */
  hardware?: Kysely<Database>;
}

const inbound: readonly TopicKind[] = ['tags', 'state', 'ack', 'field'];

/**
 * An external broker (MQTT_URL; Mosquitto with the dynamic-security plugin). The server connects as
 * an MQTT 5 client and subscribes with shared subscriptions (`$share/hmi-console/hmi/+/tags` …), so
 * N server instances split the device stream. A QoS 1 message is acknowledged after it is stored
 * (customHandleAcks). Per-device authentication and the ACL are the broker's (see dynsec.ts);
 * dropping a device's connection goes through the dynamic-security API.
 */
export class ExternalBroker implements DeviceBroker {
  readonly mode = 'external' as const;
  readonly port = null;
  private client: MqttClient | null = null;
  private dynsec: DynsecClient | null = null;
  /** What the start-up reconciliation did (null: not run, or it failed and was logged). */
  reconciled: Reconciliation | null = null;

  constructor(private readonly opts: ExternalBrokerOptions) {}

  async start(handlers: BrokerHandlers): Promise<void> {
    const log = this.opts.log;
    const client = mqtt.connect(this.opts.url, {
      protocolVersion: 5,
      clientId: this.opts.clientId ?? `hmi-console-${hostname()}-${randomBytes(4).toString('hex')}`,
      clean: true,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      customHandleAcks: (topic, message, packet, done) => {
        const t = parseTopic(topic);
        if (!t || !inbound.includes(t.kind)) return done(0);
        handlers.message(t.sn, t.kind, message, packet.qos).then(
          () => done(0),
          (err: unknown) => {
            log.error({ err, topic }, 'storing a device message failed');
            done(0x80); // unspecified error: the broker may deliver it again
          },
        );
      },
    });
    this.client = client;
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', (err) => reject(new Error(`MQTT_URL: cannot connect (${err.message})`)));
    }).catch(async (err: unknown) => {
      await client.endAsync(true);
      throw err;
    });
    client.on('error', (err) => log.warn({ err }, 'mqtt client error'));
    client.on('reconnect', () => log.info('mqtt client reconnecting'));
    const group = this.opts.shareGroup ?? SHARE_GROUP;
    const subs = inbound.map((k) => sharedSubscription(k, group));
    const granted = await client.subscribeAsync(subs, { qos: 1 });
    const refused = granted.filter((g) => g.qos >= 0x80);
    if (refused.length)
      throw new Error(
        `MQTT_URL: the broker refused ${refused.map((g) => g.topic).join(', ')} (ACL of this login?)`,
      );
    this.dynsec = new DynsecClient(client);
    log.info({ subs }, 'connected to the external MQTT broker');
    if (this.opts.hardware) {
      try {
        this.reconciled = await reconcileDynsec(this.dynsec, this.opts.hardware, log);
      } catch (err) {
        // A broker without the plugin, or a login without its API: devices are managed elsewhere.
        log.warn({ err }, 'broker: could not reconcile device logins with the hardware table');
      }
    }
  }

  async publish(topic: string, payload: string, opts: { qos: 0 | 1; retain?: boolean }): Promise<void> {
    if (!this.client) throw new Error('broker not started');
    await this.client.publishAsync(topic, payload, { qos: opts.qos, retain: opts.retain ?? false });
  }

  async drop(sn: string): Promise<void> {
    try {
      await this.dynsec?.kick(sn);
    } catch (err) {
      this.opts.log.warn({ err, sn }, 'could not drop the device connection on the external broker');
    }
  }

  /** Deleting the dynamic-security client closes its connection and its login with it. */
  async revoke(sn: string): Promise<void> {
    try {
      await this.dynsec?.revoke(sn);
    } catch (err) {
      this.opts.log.error({ err, sn }, 'could not revoke the device on the external broker');
    }
  }

  /** The dynamic-security API through this connection (provisioning, revocation). */
  security(): DynsecClient {
    if (!this.dynsec) throw new Error('broker not started');
    return this.dynsec;
  }

  connected(): string[] {
    return [];
  }

  async close(): Promise<void> {
    const c = this.client;
    this.client = null;
    if (c) await c.endAsync();
  }
}
