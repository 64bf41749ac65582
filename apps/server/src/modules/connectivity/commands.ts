import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  ackV1,
  command,
  fieldsOf,
  parsePayload,
  PROTOCOL_VERSION,
  syncTag,
  TagAccess,
  textToWire,
  topics,
  wireValueText,
  type Command,
  type DeviceCommand,
  type WireValue,
} from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../../platform/audit';
import type { Bus } from '../../platform/bus';
import type { Clock } from '../../platform/clock';
import type { DeviceCommandTable } from '../../platform/db/schema';
import { fail, failInput } from '../../platform/errors';
import type { SessionUser } from '../../platform/http/session';
import type { DeviceBroker } from '../../platform/mqtt/broker';
import type { IngestCounters } from './counters';
import type { DeviceCache } from './device-cache';
import type { DeviceStateTracker, EmitLive } from './device-state';
import type { DeviceReads } from './reads';
import type { CommandStore } from './repo/command-store';
import type { StateStore } from './repo/state-store';

/**
 * The zone check of TAG writes (team/roles/zones work): throws when the caller may not operate the
 * device from this address. Wired in app.ts when that module provides it.
 */
export type OperateGuard = (args: { user: SessionUser; deviceId: number; clientIp: string }) => Promise<void>;

/** A command without its envelope fields (each variant on its own). */
type CommandBody = Command extends infer C ? (C extends Command ? Omit<C, 'id' | 'v'> : never) : never;

const commandFields = fieldsOf(command);

/** A stored command as the API shows it (not its TAG-table version nor its sender), times in seconds. */
function toCommand(r: DeviceCommandTable): DeviceCommand {
  return {
    ...commandFields(r),
    status: r.status as DeviceCommand['status'],
    created_at: Math.floor(Number(r.created_at) / 1000),
    updated_at: Math.floor(Number(r.updated_at) / 1000),
  };
}

export interface DeviceCommandsOptions {
  commands: CommandStore;
  store: StateStore;
  cache: DeviceCache;
  state: DeviceStateTracker;
  reads: DeviceReads;
  counters: IngestCounters;
  broker: DeviceBroker;
  clock: Clock;
  log: FastifyBaseLogger;
  emit: EmitLive;
  commandTimeoutMs: number;
  /** Zone guard of writes; absent: no zone restriction. */
  mayOperate?: OperateGuard | undefined;
  /** Where TAG writes are announced for the audit log. */
  bus?: Bus | undefined;
}

/** Commands to devices (TAG write, config sync): recorded, sent, finished by their ack or a timeout. */
export class DeviceCommands {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly o: DeviceCommandsOptions) {}

  close(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private logError(err: unknown): void {
    this.o.log.error({ err }, 'connectivity');
  }

  /** Retention, and commands left pending by a stopped instance failed with `timeout`. */
  async housekeeping(now: number): Promise<void> {
    await this.o.commands.pruneCommands(now - 30 * 86_400_000);
    for (const c of await this.o.commands.expireCommands(now - this.o.commandTimeoutMs))
      if (!this.timers.has(c.id)) await this.finish(c.sn, c.id, 'failed', 'timeout');
  }

  async onAck(sn: string, payload: Buffer): Promise<void> {
    const parsed = parsePayload(ackV1, payload);
    if (!parsed.ok) return this.o.counters.reject(sn, 'schema', null);
    const ack = parsed.data;
    // The machine-readable reason (the field's `exception:<n>`, `timeout`, …) is what the console
    // translates; a device without one may still say why in its own words.
    const done = await this.finish(
      sn,
      ack.id,
      ack.ok ? 'done' : 'failed',
      ack.ok ? null : (ack.reason ?? ack.error ?? 'refused'),
    );
    if (done && ack.ok && done.type === 'sync') {
      const version = ack.config_version ?? done.config_version;
      if (version !== null && version !== undefined) {
        this.o.cache.forget(sn);
        await this.o.state.hmiVersion(sn, version);
      }
    }
  }

  private async finish(sn: string, id: string, status: 'done' | 'failed', error: string | null) {
    const t = this.timers.get(id);
    if (t) clearTimeout(t);
    this.timers.delete(id);
    const row = await this.o.commands.finishCommand(sn, id, status, error, this.o.clock.now());
    if (row)
      this.o.emit(row.team_id, { type: 'command', device_id: row.device_id, command_id: id, status, error });
    // The write's audit entry says it was sent; a failure comes later and gets its own, with the reason.
    if (row?.type === 'write' && status === 'failed' && this.o.bus)
      audit(this.o.bus, {
        teamId: row.team_id,
        userId: row.user_id,
        action: 'tagWriteFailed',
        target: row.device_name,
        detail: { tag: row.tag ?? '', new: row.value ?? '', error: error ?? '' },
        ip: '',
      });
    return row;
  }

  async command(user: SessionUser, id: number, cmdId: string): Promise<DeviceCommand> {
    await this.o.reads.visible(user, id);
    const r = await this.o.commands.command(id, cmdId);
    if (!r) fail(ErrorCode.NO_DATA);
    return toCommand(r);
  }

  /** Records and sends a command; offline devices fail it at once. */
  private async send(
    row: { id: number; sn: string; online: number },
    user: SessionUser,
    cmd: CommandBody,
    meta: { tag: string | null; value: string | null; config_version: number | null },
  ): Promise<DeviceCommand> {
    const id = randomUUID();
    const now = this.o.clock.now();
    const offline = row.online !== 1 && !this.o.state.isPresent(row.sn);
    const record = {
      id,
      device_id: row.id,
      type: cmd.type,
      tag: meta.tag,
      value: meta.value,
      config_version: meta.config_version,
      status: offline ? 'failed' : 'pending',
      error: offline ? 'offline' : null,
      user_id: user.id,
      created_at: now,
      updated_at: now,
    };
    await this.o.commands.insertCommand(record);
    if (!offline) {
      const timer = setTimeout(() => {
        this.timers.delete(id);
        void this.finish(row.sn, id, 'failed', 'timeout').catch((err: unknown) => this.logError(err));
      }, this.o.commandTimeoutMs);
      timer.unref();
      this.timers.set(id, timer);
      try {
        await this.o.broker.publish(topics.cmd(row.sn), JSON.stringify({ v: PROTOCOL_VERSION, id, ...cmd }), {
          qos: 1,
        });
      } catch (err) {
        this.logError(err);
        await this.finish(row.sn, id, 'failed', 'broker');
        return toCommand({ ...record, status: 'failed', error: 'broker' });
      }
    }
    return toCommand(record);
  }

  async write(
    user: SessionUser,
    id: number,
    tagId: number,
    value: WireValue,
    clientIp: string,
  ): Promise<DeviceCommand> {
    const row = await this.o.reads.visible(user, id);
    const def = await this.o.reads.tagOf(row, tagId, 'tagId');
    if (def.access === TagAccess.READ) failInput('tagId', 'readOnly');
    // A form may send the value as text ("12.5", "1"); wireValueText checks text for every type.
    const checked = wireValueText(def.data_type, value);
    if (!checked.ok) failInput('value', checked.reason);
    const text = checked.text;
    // The single call site of the zone check (who may operate this device from this address).
    if (this.o.mayOperate) await this.o.mayOperate({ user, deviceId: id, clientIp });
    const old = await this.o.reads.latestValue(row.id, def.name);
    const sent = await this.send(
      row,
      user,
      { type: 'write', tag: def.name, value: textToWire(def.data_type, text) },
      { tag: def.name, value: text, config_version: null },
    );
    if (this.o.bus)
      audit(this.o.bus, {
        teamId: row.team_id,
        userId: user.id,
        action: 'tagWrite',
        target: row.name,
        detail: { tag: def.name, old: old ?? '', new: text, status: sent.status },
        ip: clientIp,
      });
    return sent;
  }

  /** Asks a device the caller may operate to dial the VNC relay (the remote view's one command). */
  async vnc(
    user: SessionUser,
    device: { id: number; sn: string; online: number },
    open: { url: string; session: string; ticket: string },
  ): Promise<DeviceCommand> {
    return this.send(
      device,
      user,
      { type: 'vnc', ...open },
      { tag: null, value: null, config_version: null },
    );
  }

  /** Asks a device to dial the pass-through relay for one target of its own list. */
  async passthrough(
    user: SessionUser,
    device: { id: number; sn: string; online: number },
    open: { url: string; session: string; ticket: string; target: string },
  ): Promise<DeviceCommand> {
    return this.send(
      device,
      user,
      { type: 'passthrough', ...open },
      { tag: open.target, value: null, config_version: null },
    );
  }

  async sync(user: SessionUser, id: number): Promise<DeviceCommand> {
    const row = await this.o.reads.visible(user, id);
    if (row.template_id === null || row.template_version === null) fail(ErrorCode.ILLEGAL_TEMPLATE_ID);
    // The parse keeps only the fields the protocol carries (not id, description, sort).
    const tags = (await this.o.store.templateTags(row.template_id)).map((t) =>
      syncTag.parse({ ...t, save_history: t.save_history === 1 }),
    );
    return this.send(
      row,
      user,
      { type: 'sync', config_version: row.template_version, tags },
      { tag: null, value: null, config_version: row.template_version },
    );
  }
}
