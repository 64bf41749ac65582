import {
  PAYLOAD_BYTES_MAX,
  PROTOCOL_VERSION,
  fieldReportV1,
  parsePayload,
  type DeviceFieldStatus,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { IngestCounters } from './counters';
import type { DeviceCache } from './device-cache';
import type { FieldStore } from './repo/field-store';

/** A device's field report is written at most this often (it may send one every second). */
const REPORT_EVERY_MS = 5000;
/** Devices whose last write time is remembered; beyond it the oldest are forgotten (bounded memory). */
const REMEMBERED_MAX = 100_000;

/**
 * The gateway's field side on the server: its latest `field` report (one row per device, written at
 * most every 5 s), the agent version of its state, and messages refused for their protocol version
 * (counted as `protocolVersion`, kept with their version and time for the console, logged once).
 */
export class FieldReports {
  /** Last write per SN: time of the report, agent version, refused version. */
  private readonly last = new Map<string, { reportAt: number; agent?: string; refused?: number }>();

  constructor(
    private readonly o: {
      store: FieldStore;
      cache: DeviceCache;
      counters: IngestCounters;
      clock: Clock;
      log: FastifyBaseLogger;
    },
  ) {}

  private seen(sn: string) {
    let s = this.last.get(sn);
    if (!s) {
      if (this.last.size >= REMEMBERED_MAX) this.last.delete(this.last.keys().next().value ?? '');
      this.last.set(sn, (s = { reportAt: 0 }));
    }
    return s;
  }

  async onField(sn: string, payload: Buffer): Promise<void> {
    const parsed = parsePayload(fieldReportV1, payload);
    if (!parsed.ok) {
      if (!(await this.refusedVersion(sn, payload))) this.o.counters.reject(sn, 'schema', null);
      return;
    }
    const now = this.o.clock.now();
    const s = this.seen(sn);
    if (now - s.reportAt < REPORT_EVERY_MS) return;
    const { device } = await this.o.cache.get(sn);
    if (!device) return;
    s.reportAt = now;
    const { v: _v, ...report } = parsed.data;
    await this.o.store.put(device.id, { report: JSON.stringify(report), reported_at: now });
  }

  /** The state named the agent's version: kept when it changed. */
  async onAgent(sn: string, version: string): Promise<void> {
    const s = this.seen(sn);
    if (s.agent === version) return;
    const { device } = await this.o.cache.get(sn);
    if (!device) return;
    await this.o.store.put(device.id, { agent_version: version });
    s.agent = version;
  }

  /**
   * For a payload its schema refused: when it is JSON with a protocol version other than ours, the
   * refusal is counted as such and kept for the console; true then. Only called on failures, so the
   * second parse costs nothing on the good path.
   */
  async refusedVersion(sn: string, payload: Buffer): Promise<boolean> {
    if (payload.length > PAYLOAD_BYTES_MAX) return false;
    let v: unknown;
    try {
      v = (JSON.parse(payload.toString('utf8')) as { v?: unknown } | null)?.v;
    } catch {
      return false;
    }
    if (typeof v !== 'number' || !Number.isInteger(v) || v === PROTOCOL_VERSION) return false;
    this.o.counters.reject(sn, 'protocolVersion', null);
    const s = this.seen(sn);
    const { device } = await this.o.cache.get(sn);
    if (!device || s.refused === v) return true;
    s.refused = v;
    this.o.log.warn({ sn, version: v, accepted: PROTOCOL_VERSION }, 'device protocol version refused');
    await this.o.store.put(device.id, { refused_version: v, refused_at: this.o.clock.now() });
    return true;
  }

  async status(deviceId: number): Promise<DeviceFieldStatus> {
    const row = await this.o.store.get(deviceId);
    const seconds = (ms: number | null | undefined) =>
      ms === null || ms === undefined ? null : Math.floor(Number(ms) / 1000);
    const refusedAt = seconds(row?.refused_at);
    return {
      agent_version: row?.agent_version ?? null,
      reported_at: seconds(row?.reported_at),
      report: row?.report ? (JSON.parse(row.report) as DeviceFieldStatus['report']) : null,
      refused_protocol:
        row?.refused_version !== null && row?.refused_version !== undefined && refusedAt !== null
          ? { version: Number(row.refused_version), at: refusedAt }
          : null,
    };
  }
}
