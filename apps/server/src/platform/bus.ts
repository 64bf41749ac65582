import { EventEmitter } from 'node:events';
import type { AuditAction, WsDeviceEvent } from '@hmi/contract';

/**
 * Events between modules. In-process by default; with REDIS_URL every event also reaches every other
 * instance of the deployment (see redis-bus.ts), so payloads must survive JSON.
 */
/** Alarm rules whose active records end without their condition clearing (the alarm lifecycle). */
export interface RulesEnded {
  ruleIds: number[];
  reason: 'ruleDisabled' | 'ruleChanged' | 'ruleDeleted' | 'outOfService';
}

export interface BusEvents {
  /** A team bound hardware (devices row created). */
  deviceBound: { deviceId: number; sn: string; teamId: number };
  /** A device was unbound (row deleted): its live connection is dropped. */
  deviceUnbound: { deviceId: number; sn: string; teamId: number };
  /** A device's template association changed (sync status may change). */
  deviceTemplateChanged: { deviceId: number; sn: string; teamId: number };
  /** The operator revoked hardware: it may no longer connect. */
  hardwareRevoked: { sn: string };
  /** A device went offline (its broker connection ended). Emitted where connectivity saw it. */
  deviceOffline: { deviceId: number; teamId: number };
  /** A command to a device failed: timed out, not delivered, or refused by the device (`error`). */
  commandFailed: { deviceId: number; teamId: number; commandId: string; error: string | null };
  /** A live change for browsers (values, online, sync, command status). */
  live: { teamId: number; event: WsDeviceEvent };
  /**
   * Messages were created or marked read: browsers of the team (or only `userId`'s) reload their
   * unread counts. Emitted after the commit that wrote them.
   */
  messages: { teamId: number; userId: number | null };
  /**
   * A template's alarm rules (or the TAGs they point at) changed: evaluators reload that template's
   * enabled rules. Emitted after the commit that wrote them.
   */
  /** `ended`: rules whose active alarm records end (disabled, changed or deleted), and why. */
  alarmRulesChanged: { templateId: number; teamId: number; ended?: RulesEnded[] };
  /** A device's alarms were taken out of service until `until` (null: back in service). After the commit. */
  deviceAlarmsOutOfService: { deviceId: number; teamId: number; until: number | null };
  /**
   * Sessions of a user ended (logout, password change or recovery, account removal): every instance
   * re-checks that user's live sockets at once and closes those whose session is gone. Emitted after
   * the commit that revoked them.
   */
  sessionsEnded: { userId: number };
  /**
   * What users may see changed (a role's permissions edited, a member's role changed, a member removed
   * or a team joined): live sockets of `userId`, or of every member of `teamId` when null, re-check
   * their permissions and subscriptions at once. Emitted after the commit.
   */
  accessChanged: { teamId: number; userId: number | null };
  /**
   * Remote view: a user asks for control of a device held by session `holder` (on whichever instance
   * holds it); `requester` is the asking user's (view-only) session.
   */
  vncTakeover: { holder: string; requester: string; by: string };
  /** Remote view: the holder answered; the requester's instance hands it control or tells it no. */
  vncControl: { requester: string; accepted: boolean };
  /** Pass-through: a console user ended a session; the instance holding it disconnects it. */
  passthroughEnd: { session: string };
  /**
   * An action for the audit log (emit it with platform/audit.ts, after the commit it describes); the
   * audit module of the emitting instance writes it.
   */
  audit: {
    teamId: number;
    userId: number | null;
    action: AuditAction;
    target: string;
    detail: Record<string, string>;
    ip: string;
  };
}

export type BusEventName = keyof BusEvents;

/**
 * Where an event was emitted. Every instance hears every event (its caches must be invalidated), but
 * a side effect that must happen once per deployment (kicking a device off the shared broker,
 * announcing a sync change to browsers) belongs to the instance that emitted it: `local`.
 */
export interface BusOrigin {
  local: boolean;
}

export type BusListener<K extends BusEventName> = (payload: BusEvents[K], origin: BusOrigin) => void;

const LOCAL: BusOrigin = { local: true };
const REMOTE: BusOrigin = { local: false };

/** The in-process bus: listeners run synchronously inside `emit`. */
export class Bus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  emit<K extends BusEventName>(name: K, payload: BusEvents[K]): void {
    this.deliver(name, payload, LOCAL);
  }
  on<K extends BusEventName>(name: K, listener: BusListener<K>): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
  /** Hands an event that arrived from another instance to this instance's listeners. */
  protected deliverRemote(name: string, payload: unknown): void {
    this.deliver(name, payload, REMOTE);
  }
  private deliver(name: string, payload: unknown, origin: BusOrigin): void {
    this.emitter.emit(name, payload, origin);
  }
}
