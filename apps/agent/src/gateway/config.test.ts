import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readGatewayConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'gw-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function read(connections: unknown) {
  const path = join(dir, 'gw.json');
  writeFileSync(
    path,
    JSON.stringify({ url: 'mqtt://x', sn: 'GW-1', secret: 's', sink: 'w.json', connections }),
  );
  return readGatewayConfig(path);
}

describe('gateway config: connections', () => {
  it('fills the defaults and resolves files from the config folder', () => {
    const c = read({
      plc1: { protocol: 'modbus-tcp', host: '10.0.0.5' },
      meter: { protocol: 'modbus-rtu', path: '/dev/ttyUSB0', unit: 3 },
      box: { protocol: 'modbus-rtu-over-tcp', host: '10.0.0.6', port: 4001 },
      opc1: { protocol: 'opcua', endpoint: 'opc.tcp://10.0.0.7:4840' },
    });
    expect(c.connections).toEqual({
      plc1: {
        protocol: 'modbus-tcp',
        host: '10.0.0.5',
        port: 502,
        unit: 1,
        order: 'ABCD',
        timeout_ms: 1000,
        retries: 1,
        max_in_flight: 4,
      },
      meter: {
        protocol: 'modbus-rtu',
        path: '/dev/ttyUSB0',
        baud: 9600,
        parity: 'none',
        data_bits: 8,
        stop_bits: 1,
        unit: 3,
        order: 'ABCD',
        timeout_ms: 1000,
        retries: 1,
      },
      box: {
        protocol: 'modbus-rtu-over-tcp',
        host: '10.0.0.6',
        port: 4001,
        unit: 1,
        order: 'ABCD',
        timeout_ms: 1000,
        retries: 1,
      },
      opc1: {
        protocol: 'opcua',
        endpoint: 'opc.tcp://10.0.0.7:4840',
        security: 'none',
        user: '',
        password: '',
        timeout_ms: 1000,
        pki: join(dir, 'pki'),
      },
    });
    expect(c.template).toBe(join(dir, 'template.json'));
    expect(c.tags).toEqual([]);
  });

  it.each([
    [{ plc1: { protocol: 'modbus-tcp' } }, /connections\.plc1\.host/],
    [{ plc1: { protocol: 'modbus-tcp', host: 'h', port: 70000 } }, /connections\.plc1\.port/],
    [{ plc1: { protocol: 'modbus-tcp', host: 'h', order: 'ABDC' } }, /connections\.plc1\.order/],
    [{ plc1: { protocol: 'modbus-tcp', host: 'h', hots: 'typo' } }, /connections\.plc1/],
    [{ plc1: { protocol: 's7' } }, /connections\.plc1\.protocol/],
    [
      { meter: { protocol: 'modbus-rtu', path: '/dev/ttyUSB0', parity: 'mark' } },
      /connections\.meter\.parity/,
    ],
    [{ '1bad': { protocol: 'modbus-tcp', host: 'h' } }, /connections\.1bad.*connection name/],
    [{ opc1: { protocol: 'opcua', endpoint: 'http://x' } }, /connections\.opc1\.endpoint/],
    [
      { opc1: { protocol: 'opcua', endpoint: 'opc.tcp://x', security: 'sign' } },
      /connections\.opc1\.security/,
    ],
  ])('refuses %j naming the field', (connections, message) => {
    expect(() => read(connections)).toThrow(message);
  });
});
