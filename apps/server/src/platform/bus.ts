import { EventEmitter } from 'node:events';
import type { WsDeviceEvent } from '@hmi/contract';

/** Events between modules of one server instance (a Redis bus between instances is later work). */
export interface BusEvents {
  /** A team bound hardware (devices row created). */
  deviceBound: { deviceId: number; sn: string; teamId: number };
  /** A device was unbound (row deleted): its live connection is dropped. */
  deviceUnbound: { deviceId: number; sn: string; teamId: number };
  /** A device's template association changed (sync status may change). */
  deviceTemplateChanged: { deviceId: number; sn: string; teamId: number };
  /** The operator revoked hardware: it may no longer connect. */
  hardwareRevoked: { sn: string };
  /** A live change for browsers (values, online, sync, command status). */
  live: { teamId: number; event: WsDeviceEvent };
}

export class Bus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(100);
  }
  emit<K extends keyof BusEvents>(name: K, payload: BusEvents[K]): void {
    this.emitter.emit(name, payload);
  }
  on<K extends keyof BusEvents>(name: K, listener: (payload: BusEvents[K]) => void): () => void {
    this.emitter.on(name, listener);
    return () => this.emitter.off(name, listener);
  }
}
