import { parsePayload, stateV1, type WsDeviceEvent } from '@hmi/contract';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { IngestCounters } from './counters';
import type { DeviceCache } from './device-cache';
import type { FieldReports } from './field-reports';
import type { DeviceBySn, StateStore } from './repo/state-store';

/** Tells the browsers of a team about a device (the `live` bus event). */
export type EmitLive = (teamId: number, event: WsDeviceEvent) => void;

/** The sync state of a device: in sync when the HMI runs the version of its template. */
export function syncEvent(device: {
  id: number;
  template_id: number | null;
  template_version: number | null;
  hmi_version: number | null;
}): Extract<WsDeviceEvent, { type: 'sync' }> {
  const cloud = device.template_id !== null ? device.template_version : null;
  return {
    type: 'sync',
    device_id: device.id,
    sync_status: cloud !== null && device.hmi_version === cloud ? 1 : 0,
    hmi_version: device.hmi_version,
    cloud_version: cloud,
  };
}

export interface DeviceStateOptions {
  store: StateStore;
  cache: DeviceCache;
  counters: IngestCounters;
  clock: Clock;
  emit: EmitLive;
  field: FieldReports;
}

/** Online and sync state of devices: the `state` topic, broker presence and the HMI's config version. */
export class DeviceStateTracker {
  /** Embedded broker: SNs connected now (bound or not). */
  private readonly present = new Set<string>();

  constructor(private readonly o: DeviceStateOptions) {}

  /** The broker saw the device connect or disconnect. */
  presence(sn: string, connected: boolean): Promise<void> {
    if (connected) this.present.add(sn);
    else this.present.delete(sn);
    return this.onlineChange(sn, connected);
  }

  /** Embedded broker: is the device with this SN connected to this instance? */
  isPresent(sn: string): boolean {
    return this.present.has(sn);
  }

  async onState(sn: string, payload: Buffer): Promise<void> {
    const parsed = parsePayload(stateV1, payload);
    if (!parsed.ok) {
      if (!(await this.o.field.refusedVersion(sn, payload))) this.o.counters.reject(sn, 'schema', null);
      return;
    }
    const state = parsed.data;
    if (state.agent !== undefined) await this.o.field.onAgent(sn, state.agent);
    await this.onlineChange(sn, state.online);
    if (state.config_version !== undefined && state.config_version > 0)
      await this.hmiVersion(sn, state.config_version);
  }

  async onlineChange(sn: string, online: boolean): Promise<void> {
    const { device } = await this.o.cache.get(sn);
    if (!device) return;
    const at = epochSeconds(this.o.clock);
    if (await this.o.store.setOnline(device.id, online ? 1 : 0, at)) {
      device.online = online ? 1 : 0;
      this.o.emit(device.team_id, { type: 'online', device_id: device.id, online: online ? 1 : 0, at });
    }
  }

  async hmiVersion(sn: string, version: number): Promise<void> {
    const { device } = await this.o.cache.get(sn);
    if (!device) return;
    if (await this.o.store.setHmiVersion(device.id, version)) {
      device.hmi_version = version;
      this.emitSync(device);
    }
  }

  /** Announces the device's sync state (its template changed). */
  async pushSync(sn: string): Promise<void> {
    const { device } = await this.o.cache.get(sn);
    if (device) this.emitSync(device);
  }

  private emitSync(device: DeviceBySn): void {
    this.o.emit(device.team_id, syncEvent(device));
  }
}
