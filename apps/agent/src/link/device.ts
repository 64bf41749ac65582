import {
  COMMAND_BYTES_MAX,
  PROTOCOL_VERSION,
  commandV1,
  parsePayload,
  topics,
  type Ack,
  type Command,
  type DeviceState,
  type QualityReason,
  type TagsBatch,
  type WireValue,
} from '@hmi/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { startFieldReports, type FieldConnections } from './field-report';
import { Forwarder } from './forward';
import type { Outbox } from './outbox';

/** Allocates batch sequence numbers; `next()` only grows (see SeqLease for a persisted one). */
export interface SeqSource {
  next(): number;
  /** The last number handed out (-1 before the first). */
  last(): number;
}

/** An in-memory sequence from `start`. */
export function memorySeq(start = 0): SeqSource {
  let n = start - 1;
  return { next: () => (n += 1), last: () => n };
}

export interface DeviceStatus {
  sn: string;
  connected: boolean;
  /** Seq of the last batch the broker acknowledged (PUBACK); null before any. */
  lastSeq: number | null;
  batches: number;
  /** The last write command: "tag=value ok" or "tag: error". */
  lastWrite: string | null;
  configVersion: number;
  error: string | null;
}

export type CommandResult =
  { ok: true; config_version?: number } | { ok: false; error: string; reason?: QualityReason };

/** A value to send: good (`value`) or bad (`q`, no value), stamped now unless it has its own time. */
export type OutgoingSample =
  { tag: string; value: WireValue; ts?: number } | { tag: string; q: QualityReason; ts?: number };

export interface DeviceOptions {
  url: string;
  sn: string;
  secret: string;
  rateMs: number;
  seq?: SeqSource;
  firmware?: string;
  /** The agent's own version, reported in its state. */
  agentVersion?: string;
  /** Template version the device runs (reported in its state). */
  configVersion?: number;
  /**
   * Store and forward (a gateway): batches are sampled while offline too, kept here until the server
   * confirms them, and replayed late after a reconnect. Absent (a simulator): offline rounds are skipped.
   */
  outbox?: Outbox;
  /**
   * A gateway: its field connections, reported on `field` with the outbox's figures every 10 s (and
   * `fieldEveryMs` in tests). Absent without an outbox too: no report.
   */
  fieldConnections?: () => FieldConnections;
  fieldEveryMs?: number;
  keepaliveSeconds?: number;
  /** Reconnect delay; 0 disables reconnecting. */
  reconnectMs?: number;
  /** The values of one batch (empty: nothing sent this round). */
  sample(now: number): Promise<{ tag: string; value: WireValue }[]> | { tag: string; value: WireValue }[];
  /** Executes a command (write, sync); the result becomes its ack. */
  execute(cmd: Command): Promise<CommandResult> | CommandResult;
  /** Called after every status change (connect, batch, command). */
  onChange?(status: DeviceStatus): void;
}

export interface DeviceAgent {
  readonly sn: string;
  status(): DeviceStatus;
  /** Resolves once connected and subscribed (the state online published). */
  ready(): Promise<void>;
  /** Sends one batch now (QoS 1); resolves with its seq once the broker acknowledged it, null when nothing to send. */
  publishNow(): Promise<number | null>;
  /** Sends `values` now as one batch (a change made at the HMI itself); resolves with its seq. */
  publishValues(values: OutgoingSample[]): Promise<number | null>;
  /** The template version the device now runs (reported in its state from the next connect on). */
  setConfigVersion(version: number): void;
  /** A field connection changed: its report goes out within a second (a gateway; else nothing). */
  reportFieldSoon(): void;
  /** Publishes state offline (retained) and disconnects. */
  stop(): Promise<void>;
}

/**
 * One device connection speaking protocol v1: SN + secret, retained state online with a will offline,
 * QoS 1 tags batches every `rateMs` with a growing seq, commands on `cmd` answered on `ack`.
 */
export function startDevice(o: DeviceOptions): DeviceAgent {
  const seq = o.seq ?? memorySeq(0);
  const st: DeviceStatus = {
    sn: o.sn,
    connected: false,
    lastSeq: null,
    batches: 0,
    lastWrite: null,
    configVersion: o.configVersion ?? 0,
    error: null,
  };
  const changed = () => o.onChange?.({ ...st });
  const stateTopic = topics.state(o.sn);
  const stateOf = (online: boolean): DeviceState => ({
    v: PROTOCOL_VERSION,
    online,
    ...(online && o.firmware ? { firmware: o.firmware } : {}),
    ...(online && o.agentVersion ? { agent: o.agentVersion } : {}),
    ...(online && st.configVersion > 0 ? { config_version: st.configVersion } : {}),
  });
  const client: MqttClient = mqtt.connect(o.url, {
    username: o.sn,
    password: o.secret,
    clientId: `hmi-${o.sn}`,
    clean: true,
    keepalive: o.keepaliveSeconds ?? 30,
    reconnectPeriod: o.reconnectMs ?? 2000,
    connectTimeout: 10_000,
    will: {
      topic: stateTopic,
      payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, online: false })),
      qos: 1,
      retain: true,
    },
  });
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let readyResolve: () => void = () => undefined;
  let readyReject: (err: Error) => void = () => undefined;
  const readyP = new Promise<void>((resolve, reject) => {
    readyResolve = resolve;
    readyReject = reject;
  });
  readyP.catch(() => undefined);

  const publishState = () =>
    client.publishAsync(stateTopic, JSON.stringify(stateOf(true)), { qos: 1, retain: true });

  /**
   * Subscribed and told the forwarder: batches may go out. Not just `client.connected`: a batch sent
   * before the subscription to `cmd` would have its confirmation lost (and wait out a stall to go again).
   */
  let linkReady = false;
  const forwarder = o.outbox
    ? new Forwarder(o.outbox, {
        connected: () => client.connected && linkReady,
        publish: async (body) => {
          await client.publishAsync(topics.tags(o.sn), body, { qos: 1 });
        },
        onError: (err) => {
          st.error = err instanceof Error ? err.message : String(err);
          changed();
        },
      })
    : null;

  const publishNow = async (): Promise<number | null> => {
    if (!client.connected && !forwarder) return null;
    const now = Date.now();
    return publishValues(await o.sample(now), now);
  };

  const publishValues = async (values: OutgoingSample[], now = Date.now()): Promise<number | null> => {
    if ((!client.connected && !forwarder) || !values.length) return null;
    const n = seq.next();
    const batch: TagsBatch = {
      v: PROTOCOL_VERSION,
      seq: n,
      ts: now,
      values: values.map((v) => ({ ...v, ts: v.ts ?? now })),
    };
    if (forwarder) forwarder.submit(batch);
    else await client.publishAsync(topics.tags(o.sn), JSON.stringify(batch), { qos: 1 });
    st.lastSeq = n;
    st.batches += 1;
    changed();
    return n;
  };

  const tick = () => {
    timer = null;
    if (stopped) return;
    publishNow()
      .catch((err: unknown) => {
        st.error = err instanceof Error ? err.message : String(err);
        changed();
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, o.rateMs);
      });
  };

  client.on('connect', () => {
    st.connected = true;
    st.error = null;
    changed();
    void (async () => {
      try {
        await client.subscribeAsync(topics.cmd(o.sn), { qos: 1 });
        await publishState();
        linkReady = true;
        forwarder?.onConnect();
        readyResolve();
        if (!timer && !stopped) tick();
      } catch (err) {
        st.error = err instanceof Error ? err.message : String(err);
        changed();
      }
    })();
  });
  client.on('close', () => {
    linkReady = false;
    if (st.connected) {
      st.connected = false;
      changed();
    }
  });
  client.on('error', (err) => {
    st.error = err.message;
    changed();
    if (o.reconnectMs === 0) readyReject(err);
  });
  client.on('message', (topic, payload) => {
    if (topic !== topics.cmd(o.sn)) return;
    const parsed = parsePayload(commandV1, payload, COMMAND_BYTES_MAX);
    if (!parsed.ok) return;
    const cmd = parsed.data;
    // A confirmation, not an order: nothing to answer.
    if (cmd.type === 'stored') return forwarder?.confirm(cmd.seqs);
    void (async () => {
      let r: CommandResult;
      try {
        r = await o.execute(cmd);
      } catch (err) {
        r = { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
      if (cmd.type === 'write')
        st.lastWrite = r.ok ? `${cmd.tag}=${JSON.stringify(cmd.value)} ok` : `${cmd.tag}: ${r.error}`;
      if (cmd.type === 'sync' && r.ok) st.configVersion = r.config_version ?? cmd.config_version;
      const ack: Ack = r.ok
        ? {
            v: PROTOCOL_VERSION,
            id: cmd.id,
            ok: true,
            ...(r.config_version !== undefined ? { config_version: r.config_version } : {}),
          }
        : {
            v: PROTOCOL_VERSION,
            id: cmd.id,
            ok: false,
            error: r.error.slice(0, 200),
            ...(r.reason !== undefined ? { reason: r.reason } : {}),
          };
      changed();
      try {
        await client.publishAsync(topics.ack(o.sn), JSON.stringify(ack), { qos: 1 });
        if (cmd.type === 'sync' && r.ok) await publishState();
      } catch (err) {
        st.error = err instanceof Error ? err.message : String(err);
        changed();
      }
    })();
  });

  // With an outbox, sampling does not wait for the first connection.
  if (forwarder) tick();
  const fieldReports =
    o.outbox || o.fieldConnections
      ? startFieldReports(client, o.sn, {
          ...(o.fieldConnections ? { connections: o.fieldConnections } : {}),
          ...(o.outbox ? { outbox: o.outbox } : {}),
          ...(o.fieldEveryMs ? { everyMs: o.fieldEveryMs } : {}),
        })
      : null;

  return {
    sn: o.sn,
    status: () => ({ ...st }),
    ready: () => readyP,
    publishNow,
    publishValues: (values) => publishValues(values),
    setConfigVersion(version) {
      st.configVersion = version;
    },
    reportFieldSoon: () => fieldReports?.soon(),
    async stop() {
      if (stopped) return;
      stopped = true;
      forwarder?.close();
      fieldReports?.stop();
      if (timer) clearTimeout(timer);
      timer = null;
      if (client.connected) {
        // A clean disconnect sends no will: say offline first.
        await client
          .publishAsync(stateTopic, JSON.stringify({ v: PROTOCOL_VERSION, online: false }), {
            qos: 1,
            retain: true,
          })
          .catch(() => undefined);
      }
      await client.endAsync().catch(() => undefined);
      st.connected = false;
      changed();
    },
  };
}
