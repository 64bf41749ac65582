import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { Bus, type BusEventName, type BusEvents } from './bus';
import { ConfigError } from './config';

export type BusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface RedisBusOptions {
  url: string;
  /** Deployment prefix of the channel: deployments sharing one Redis must differ here. */
  prefix: string;
  log: BusLog;
  /** How long `connect` waits for Redis at start-up. */
  connectTimeoutMs?: number;
}

interface Envelope {
  /** Emitting instance: its own copy was delivered in-process already. */
  o: string;
  n: string;
  p: unknown;
}

function isEnvelope(v: unknown): v is Envelope {
  return (
    typeof v === 'object' &&
    v !== null &&
    'o' in v &&
    typeof v.o === 'string' &&
    'n' in v &&
    typeof v.n === 'string' &&
    'p' in v
  );
}

/** The Redis pub/sub channel of a deployment's bus. */
export function busChannel(prefix: string): string {
  return `${prefix}:bus`;
}

type Link = 'publisher' | 'subscriber';

/**
 * The bus between instances (REDIS_URL). An event is delivered to this instance's listeners at once,
 * in-process, and published as JSON on the deployment's channel; every instance subscribes to it and
 * delivers what other instances published (its own publications are recognised by the instance id and
 * skipped), so each instance hears each event exactly once. Redis pub/sub keeps nothing: while a
 * link is down this instance keeps working on its own (local delivery goes on, publications are
 * dropped rather than queued, so a reconnect does not replay stale values), and other instances'
 * events of that time are lost; caches that depend on them expire by themselves.
 */
export class RedisBus extends Bus {
  readonly instanceId = randomBytes(8).toString('hex');
  readonly channel: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  /** Links up; the subscriber counts as up once it is subscribed again. */
  private readonly up = new Set<Link>();
  /** Outage logging starts once the first connection is made (start-up failures throw instead). */
  private started = false;
  private closing = false;
  /** The connection's own error ("connect ECONNREFUSED …") says more than the command's rejection. */
  private lastError: string | null = null;

  private constructor(private readonly o: RedisBusOptions) {
    super();
    this.channel = busChannel(o.prefix);
    const options: RedisOptions = {
      lazyConnect: true,
      // A publication while the link is down fails at once instead of waiting in a queue.
      enableOfflineQueue: false,
      connectionName: `hmi-bus-${this.instanceId}`,
      retryStrategy: (times: number) => Math.min(times * 200, 2000),
    };
    this.pub = new Redis(o.url, options);
    // Re-subscribed by hand after a reconnect, so "back" is logged once messages flow again.
    this.sub = new Redis(o.url, { ...options, autoResubscribe: false });
    for (const [link, conn] of [
      ['publisher', this.pub],
      ['subscriber', this.sub],
    ] as const) {
      conn.on('error', (err: Error) => {
        this.lastError = err.message;
        this.linkDown(link, err.message);
      });
      conn.on('close', () => this.linkDown(link, 'connection closed'));
    }
    this.pub.on('ready', () => this.linkUp('publisher'));
    this.sub.on('ready', () => {
      if (!this.started) return;
      this.sub.subscribe(this.channel).then(
        () => this.linkUp('subscriber'),
        (err: unknown) => this.linkDown('subscriber', err instanceof Error ? err.message : String(err)),
      );
    });
    this.sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
  }

  /** Connects both links and subscribes; a Redis that does not answer stops start-up (ConfigError). */
  static async connect(o: RedisBusOptions): Promise<RedisBus> {
    const bus = new RedisBus(o);
    const timeoutMs = o.connectTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([
        Promise.all([bus.pub.connect(), bus.sub.connect()]).then(() => bus.sub.subscribe(bus.channel)),
        timeout,
      ]);
    } catch (err) {
      bus.closing = true;
      bus.pub.disconnect();
      bus.sub.disconnect();
      throw new ConfigError(
        'REDIS_URL',
        `cannot be reached (${bus.lastError ?? (err instanceof Error ? err.message : String(err))}); is Redis running there?`,
      );
    } finally {
      clearTimeout(timer);
    }
    bus.up.add('publisher').add('subscriber');
    bus.started = true;
    o.log.info({ channel: bus.channel }, 'bus between instances on Redis');
    return bus;
  }

  override emit<K extends BusEventName>(name: K, payload: BusEvents[K]): void {
    super.emit(name, payload);
    if (!this.up.has('publisher')) return;
    const message = JSON.stringify({ o: this.instanceId, n: name, p: payload } satisfies Envelope);
    this.pub.publish(this.channel, message).catch((err: unknown) => {
      this.linkDown('publisher', err instanceof Error ? err.message : String(err));
    });
  }

  override async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled(
      [this.sub, this.pub].map(async (conn) => {
        if (conn.status === 'ready') await conn.quit();
        else conn.disconnect();
      }),
    );
    await super.close();
  }

  private receive(message: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      parsed = null;
    }
    if (!isEnvelope(parsed)) {
      this.o.log.warn({ channel: this.channel }, 'bus: ignored a message that is not ours');
      return;
    }
    if (parsed.o === this.instanceId) return;
    try {
      this.deliverRemote(parsed.n, parsed.p);
    } catch (err) {
      this.o.log.error({ err, event: parsed.n }, 'bus: a listener failed on a remote event');
    }
  }

  /** Logged once per outage: a burst of live values must not flood the log. */
  private linkDown(link: Link, reason: string): void {
    if (!this.started || this.closing) return;
    const wasUp = this.up.size === 2;
    this.up.delete(link);
    if (wasUp)
      this.o.log.warn({ link, reason }, 'bus: Redis link lost; this instance goes on alone until it is back');
  }

  private linkUp(link: Link): void {
    if (!this.started || this.closing || this.up.has(link)) return;
    this.up.add(link);
    if (this.up.size === 2) this.o.log.info('bus: Redis link back; events reach the other instances again');
  }
}
