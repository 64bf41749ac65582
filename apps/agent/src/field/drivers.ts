import type { ConnectionConfig } from './connections';
import type { FieldDriver } from './driver';
import { ModbusDriver } from './modbus-driver';

/** The driver of one connection of the gateway's file. */
export function openDriver(name: string, config: ConnectionConfig): FieldDriver {
  if (config.protocol === 'opcua') throw new Error('OPC UA is not wired yet');
  return new ModbusDriver(name, config);
}
