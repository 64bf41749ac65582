import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import { devicePublishKinds, parseTopic, topics } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BrokerHandlers, DeviceBroker } from './broker';
import { BrokerPortError } from './broker';
import { MQTT_MAX_PACKET_DEFAULT, watchPacketSizes } from './packet-limit';

export interface EmbeddedBrokerOptions {
  port: number;
  host?: string;
  /** Username/password check of a connecting device. */
  authenticate(username: string | undefined, password: Buffer | undefined): Promise<boolean>;
  log: FastifyBaseLogger;
  /** Largest packet (remaining length, bytes) a connection may send; larger ones close it. */
  maxPacket?: number;
  /**
   * A taken `port` is not an error: listen on a free one instead (MQTT_PORT left at its default,
   * where another broker on the machine must not stop a first run). `port` then tells which.
   */
  freePortIfTaken?: boolean;
}

/** The one client id a device may use: sessions are keyed by it, so it must be the device's own. */
export const deviceClientId = (sn: string) => `hmi-${sn}`;

function authError(code: 2 | 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/**
 * The embedded broker (aedes) on MQTT_PORT. Devices authenticate with SN + device secret; each may
 * publish tags/state/ack/field and subscribe to cmd under its own `hmi/{sn}/` only (wildcards refused).
 * The server itself talks to aedes in-process (no network client, no restrictions).
 *
 * Device messages are handled in `authorizePublish`, which aedes runs before it sends PUBACK: a QoS 1
 * batch is acknowledged only after it is stored.
 */
export class EmbeddedBroker implements DeviceBroker {
  readonly mode = 'embedded' as const;
  private aedes: Aedes | null = null;
  private server: Server | null = null;
  private handlers: BrokerHandlers | null = null;
  /** SN of each authenticated client. */
  private readonly snOf = new WeakMap<Client, string>();
  /** The current connection of each SN (a reconnect takes over). */
  private readonly live = new Map<string, Client>();
  /** Connections whose writes are held until the end of this turn of the event loop. */
  private readonly held = new Set<Client>();
  port: number | null = null;

  constructor(private readonly opts: EmbeddedBrokerOptions) {}

  async start(handlers: BrokerHandlers): Promise<void> {
    this.handlers = handlers;
    const aedes = await Aedes.createBroker({
      id: 'hmi-embedded',
      authenticate: (client, username, password, done) => {
        this.opts.authenticate(username, password).then(
          (ok) => {
            if (!ok || username === undefined) return done(authError(4, 'bad username or password'), false);
            // Another id could take over (or read the stored session of) the device that owns it.
            if (client.id !== deviceClientId(username)) {
              this.opts.log.warn({ sn: username, clientId: client.id }, 'mqtt client id refused');
              return done(authError(2, 'identifier rejected'), false);
            }
            this.snOf.set(client, username);
            // One connection per device: the newest replaces an older one (any client id).
            const previous = this.live.get(username);
            this.live.set(username, client);
            if (previous && previous !== client) previous.close();
            done(null, true);
          },
          (err: unknown) => {
            this.opts.log.error({ err }, 'mqtt authentication failed');
            done(authError(5, 'not authorized'), false);
          },
        );
      },
      authorizePublish: (client, packet, done) => {
        if (!client) return done(null); // the server itself
        const sn = this.snOf.get(client);
        const t = parseTopic(packet.topic);
        if (!sn || !t || t.sn !== sn || !devicePublishKinds.includes(t.kind)) {
          this.opts.log.warn({ sn, topic: packet.topic }, 'mqtt publish refused');
          return done(new Error('publish not authorized'));
        }
        // A will message of a connection already taken over by a newer one is stale.
        if (t.kind === 'state' && this.live.has(sn) && this.live.get(sn) !== client) return done(null);
        const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
        handlers.message(sn, t.kind, payload, packet.qos).then(
          () => {
            this.holdWrites(client);
            done(null);
          },
          (err: unknown) => {
            this.opts.log.error({ err, sn, topic: packet.topic }, 'storing a device message failed');
            done(err instanceof Error ? err : new Error(String(err)));
          },
        );
      },
      authorizeSubscribe: (client, sub, done) => {
        const sn = this.snOf.get(client);
        if (sn && sub.topic === topics.cmd(sn)) return done(null, sub);
        this.opts.log.warn({ sn, topic: sub.topic }, 'mqtt subscribe refused');
        done(null, null); // SUBACK 0x80, connection kept
      },
    });
    aedes.on('clientReady', (client) => {
      const sn = this.snOf.get(client);
      if (!sn || this.live.get(sn) !== client) return;
      handlers.presence(sn, true);
    });
    aedes.on('clientDisconnect', (client) => {
      const sn = this.snOf.get(client);
      if (!sn || this.live.get(sn) !== client) return;
      this.live.delete(sn);
      handlers.presence(sn, false);
    });
    aedes.on('keepaliveTimeout', (client) => {
      this.opts.log.info({ sn: this.snOf.get(client) }, 'mqtt keep-alive expired');
    });
    this.aedes = aedes;

    const maxPacket = this.opts.maxPacket ?? MQTT_MAX_PACKET_DEFAULT;
    const server = createServer((socket) => {
      const client = aedes.handle(socket);
      watchPacketSizes(socket, maxPacket, (announced) => {
        this.opts.log.warn(
          { sn: this.snOf.get(client), address: socket.remoteAddress, announced, maxPacket },
          'mqtt packet too large, connection closed',
        );
        socket.destroy();
      });
    });
    const host = this.opts.host ?? '0.0.0.0';
    const listen = (port: number) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
    try {
      await listen(this.opts.port).catch(async (err: NodeJS.ErrnoException) => {
        if (!this.opts.freePortIfTaken || err.code !== 'EADDRINUSE') throw err;
        this.opts.log.warn({ port: this.opts.port }, 'MQTT port taken: the embedded broker takes a free one');
        await listen(0);
      });
    } catch (err) {
      await new Promise<void>((r) => aedes.close(() => r()));
      const e = err as NodeJS.ErrnoException;
      throw new BrokerPortError(this.opts.port, e.code ?? e.message);
    }
    const addr = server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : this.opts.port;
    this.server = server;
    this.opts.log.info({ port: this.port }, 'embedded MQTT broker listening');
  }

  /**
   * Holds a connection's writes until the end of this turn of the event loop: the PUBACKs of every
   * batch one transaction stored go out in one socket write instead of one write each.
   */
  private holdWrites(client: Client): void {
    if (this.held.has(client)) return;
    if (!this.held.size)
      setImmediate(() => {
        for (const c of this.held) c.conn.uncork();
        this.held.clear();
      });
    this.held.add(client);
    client.conn.cork();
  }

  publish(topic: string, payload: string, opts: { qos: 0 | 1; retain?: boolean }): Promise<void> {
    const aedes = this.aedes;
    if (!aedes) return Promise.reject(new Error('broker not started'));
    return new Promise((resolve, reject) =>
      aedes.publish(
        {
          cmd: 'publish',
          topic,
          payload: Buffer.from(payload),
          qos: opts.qos,
          retain: opts.retain ?? false,
          dup: false,
        },
        (err) => (err ? reject(err) : resolve()),
      ),
    );
  }

  async drop(sn: string): Promise<void> {
    const client = this.live.get(sn);
    if (!client) return;
    await new Promise<void>((resolve) => client.close(() => resolve()));
  }

  /** Refusal comes with the credentials check, which reads `revoked_at`. */
  revoke(sn: string): Promise<void> {
    return this.drop(sn);
  }

  connected(): string[] {
    return [...this.live.keys()];
  }

  async close(): Promise<void> {
    const server = this.server;
    const aedes = this.aedes;
    this.server = null;
    this.aedes = null;
    if (aedes) await new Promise<void>((r) => aedes.close(() => r()));
    if (server) {
      await new Promise<void>((r) => server.close(() => r()));
    }
  }
}
