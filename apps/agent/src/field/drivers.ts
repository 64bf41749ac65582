import type { ConnectionConfig } from './connections';
import type { FieldDriver } from './driver';
import { ModbusDriver } from './modbus-driver';
import { OpcUaDriver } from './opcua-driver';

/** The driver of one connection of the gateway's file. */
export function openDriver(name: string, config: ConnectionConfig): FieldDriver {
  return config.protocol === 'opcua' ? new OpcUaDriver(name, config) : new ModbusDriver(name, config);
}
