/**
 * `gateway --check` run as the user runs it (the CLI, its exit code and table) against Debian's
 * pymodbus peer: registers 0-999 of each area are mapped, so address 5000 is refused (exception 2).
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { TagDataType, type SyncTag } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModbusPeer, type ModbusPeer } from '../test/peers/modbus-peer';
import { useTempFolder } from '../test/temp-folder';

const CLI = join(import.meta.dirname, '..', 'cli.ts');
const tmp = useTempFolder('gw-check-');
let peer: ModbusPeer;
/** A port nothing listens on (bound once to get it from the system, then closed). */
let closedPort: number;
/** A PLC that accepts the connection and never answers. */
let silent: Server;

beforeAll(async () => {
  peer = await startModbusPeer({ tcp: true });
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await peer?.stop();
  silent?.close();
});

function tag(name: string, addressType: string, address: string): SyncTag {
  return {
    name,
    data_type: TagDataType.UINT16,
    access: 0,
    address_type: addressType,
    address,
    scan_time_ms: 1000,
    save_history: false,
    default_value: '',
  };
}

/** A config (with its stored template beside it) named `name`; the cloud URL is never contacted. */
function configFile(name: string, connections: object, tags: SyncTag[]): string {
  writeFileSync(join(tmp.path, `${name}-template.json`), JSON.stringify({ config_version: 1, tags }));
  const path = join(tmp.path, `${name}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      url: 'mqtt://127.0.0.1:1',
      sn: 'GW-CHECK',
      secret: 'x',
      sink: `${name}-writes.json`,
      template: `${name}-template.json`,
      connections,
    }),
  );
  return path;
}

function check(path: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, 'gateway', '--config', path, '--check'],
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, out: stdout + stderr }),
    );
  });
}

const plc1 = () => ({ protocol: 'modbus-tcp', host: '127.0.0.1', port: peer.port, timeout_ms: 500 });

describe('gateway --check', () => {
  it('exits 0 with the table when every connection is reachable and every TAG readable', async () => {
    const path = configFile('good', { plc1: plc1() }, [
      tag('speed', 'plc1:4x', '0'),
      tag('level', 'plc1:3x', '10'),
      tag('local', '', ''),
    ]);
    const { code, out } = await check(path);
    expect(out).toMatch(/^connection\s+protocol\s+reachable\s+TAGs ok\s+failed\s+first failure$/m);
    expect(out).toMatch(/^plc1\s+modbus-tcp\s+yes\s+2\s+0$/m);
    expect(out).toContain('everything is right');
    expect(code).toBe(0);
  });

  it('says a connection whose port nothing listens on is refused, and exits 1', async () => {
    const path = configFile(
      'refused',
      {
        plc1: plc1(),
        plc2: { protocol: 'modbus-tcp', host: '127.0.0.1', port: closedPort, timeout_ms: 500 },
      },
      [tag('speed', 'plc1:4x', '0'), tag('pressure', 'plc2:4x', '0')],
    );
    const { code, out } = await check(path);
    expect(out).toMatch(/^plc1\s+modbus-tcp\s+yes\s+1\s+0$/m);
    expect(out).toMatch(/^plc2\s+modbus-tcp\s+no: refused or disconnected \(.*ECONNREFUSED.*\)\s+0\s+1$/m);
    expect(code).toBe(1);
  });

  it('names the TAG whose address the PLC refuses with the exception in words, and exits 1', async () => {
    const path = configFile('exception', { plc1: plc1() }, [
      tag('speed', 'plc1:4x', '0'),
      tag('missing', 'plc1:4x', '5000'),
    ]);
    const { code, out } = await check(path);
    expect(out).toMatch(
      /^plc1\s+modbus-tcp\s+yes\s+1\s+1\s+missing \(plc1:4x 5000\): PLC exception 2: illegal data address$/m,
    );
    expect(code).toBe(1);
  });

  it('lists a TAG naming a connection the file lacks, and exits 1', async () => {
    const path = configFile('unknown', { plc1: plc1() }, [
      tag('speed', 'plc1:4x', '0'),
      tag('ghost', 'elsewhere:4x', '0'),
    ]);
    const { code, out } = await check(path);
    expect(out).toMatch(/^plc1\s+modbus-tcp\s+yes\s+1\s+0$/m);
    expect(out).toContain('TAG ghost (elsewhere:4x 0): names connection "elsewhere", which the file lacks');
    expect(code).toBe(1);
  });

  it('says which TAG a silent PLC leaves unanswered, and exits 1', async () => {
    const port = (silent.address() as AddressInfo).port;
    const path = configFile(
      'silent',
      { mute: { protocol: 'modbus-tcp', host: '127.0.0.1', port, timeout_ms: 200 } },
      [tag('speed', 'mute:4x', '0')],
    );
    const { code, out } = await check(path);
    expect(out).toMatch(
      /^mute\s+modbus-tcp\s+yes\s+0\s+1\s+speed \(mute:4x 0\): timeout: no answer in 200 ms$/m,
    );
    expect(code).toBe(1);
  });

  it('says a damaged stored template is wrong, and exits 1', async () => {
    const path = configFile('damaged', { plc1: plc1() }, []);
    writeFileSync(join(tmp.path, 'damaged-template.json'), '{"config_version": 1, "tags": [');
    const { code, out } = await check(path);
    expect(out).toContain('damaged-template.json: not a stored template');
    expect(code).toBe(1);
  });
});
