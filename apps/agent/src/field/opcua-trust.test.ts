import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTagAddress, TagDataType } from '@hmi/contract';
import { DataType } from 'node-opcua-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionConfig, type OpcUaConnectionConfig } from './connections';
import type { FieldTag } from './driver';
import { OpcUaDriver } from './opcua-driver';
import { firstCertificate, pinFile, thumbprint } from './opcua-trust';
import { OPCUA_USER, startOpcUaPeer, type OpcUaPeer } from '../test/peers/opcua-peer';
import { useTempFolder } from '../test/temp-folder';

// Two servers, each with a certificate of its own: `known` is the one the gateway meets first,
// `other` stands in for a server put in its place (or a man in the middle).
const tmp = useTempFolder('opcua-trust-');
let known: OpcUaPeer;
let other: OpcUaPeer;
const drivers: OpcUaDriver[] = [];

beforeAll(async () => {
  [known, other] = await Promise.all([
    startOpcUaPeer(join(tmp.path, 'known-pki'), { Temp: [DataType.Float, 21.5] }),
    startOpcUaPeer(join(tmp.path, 'other-pki'), { Temp: [DataType.Float, 99] }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all(drivers.map((d) => d.close()));
  await Promise.all([known?.stop(), other?.stop()]);
});

const temp: FieldTag = (() => {
  const r = parseTagAddress({
    address_type: 'opc1:node',
    address: 'ns=1;s=Line1.Temp',
    data_type: TagDataType.FLOAT,
    access: 0,
  });
  if (!r.ok || !r.address) throw new Error('bad node id');
  return { name: 'Temp', dataType: TagDataType.FLOAT, access: 0, address: r.address };
})();

/** A secure connection `opc1` of a gateway whose store is `pki`, to `peer`; its log lines in `log`. */
function driver(pki: string, peer: OpcUaPeer, log: string[]): OpcUaDriver {
  const config = connectionConfig.parse({
    protocol: 'opcua',
    endpoint: peer.endpoint,
    security: 'sign-and-encrypt',
    pki,
    timeout_ms: 5000,
    ...OPCUA_USER,
  }) as OpcUaConnectionConfig;
  const d = new OpcUaDriver('opc1', config, (line) => log.push(line));
  drivers.push(d);
  return d;
}

const read = async (d: OpcUaDriver) => (await d.plan([temp]).read())[0];

describe('OPC UA server certificates: first-use pinning per connection', () => {
  it('pins the first certificate with a log line, then accepts it and refuses any other', async () => {
    const pki = join(tmp.path, 'gw1');
    const log: string[] = [];
    const first = driver(pki, known, log);
    expect(await read(first)).toEqual({ tag: 'Temp', value: 21.5 });
    const pinned = readFileSync(pinFile(pki, 'opc1'));
    expect(pinned.equals(firstCertificate(known.certificate()))).toBe(true);
    expect(log).toEqual([expect.stringContaining(`opc1: first connection to ${known.endpoint}`)]);
    expect(log[0]).toContain(thumbprint(pinned));

    // the gateway restarted: the pin holds, no new line
    await first.close();
    expect(await read(driver(pki, known, log))).toEqual({ tag: 'Temp', value: 21.5 });
    expect(log).toHaveLength(1);

    // the same connection now reaches a server with another certificate: refused before any session
    const before = other.sessions();
    const swapped = driver(pki, other, log);
    expect(await read(swapped)).toEqual({ tag: 'Temp', q: 'disconnected' });
    expect(other.sessions()).toBe(before);
    expect(swapped.report(1)).toMatchObject({ state: 'error', last_error: 'disconnected' });
    const rejected = join(pki, 'servers', 'opc1.rejected.der');
    expect(log[1]).toContain(`opc1: REFUSED the certificate of ${other.endpoint}`);
    expect(log[1]).toContain(`move ${rejected} to ${pinFile(pki, 'opc1')}`);
    expect(readFileSync(pinFile(pki, 'opc1')).equals(pinned)).toBe(true);
    expect(readFileSync(rejected).equals(firstCertificate(other.certificate()))).toBe(true);
  });

  it('trusts the other certificate once the user moved it in as the log says', async () => {
    const pki = join(tmp.path, 'gw2');
    const log: string[] = [];
    expect(await read(driver(pki, known, log))).toMatchObject({ value: 21.5 });
    expect(await read(driver(pki, other, log))).toMatchObject({ q: 'disconnected' });
    renameSync(join(pki, 'servers', 'opc1.rejected.der'), pinFile(pki, 'opc1'));
    expect(await read(driver(pki, other, log))).toEqual({ tag: 'Temp', value: 99 });
    expect(log).toHaveLength(2);
  });

  it('a certificate put in place by hand is the trusted one from the start', async () => {
    const pki = join(tmp.path, 'gw3');
    mkdirSync(join(pki, 'servers'), { recursive: true });
    writeFileSync(pinFile(pki, 'opc1'), firstCertificate(other.certificate()));
    const log: string[] = [];
    expect(await read(driver(pki, known, log))).toMatchObject({ q: 'disconnected' });
    expect(log).toEqual([expect.stringContaining('REFUSED')]);
    expect(await read(driver(pki, other, log))).toEqual({ tag: 'Temp', value: 99 });
    expect(log).toHaveLength(1);
  });

  it('pins per connection: another connection name keeps its own pin', async () => {
    const pki = join(tmp.path, 'gw4');
    const log: string[] = [];
    expect(await read(driver(pki, known, log))).toMatchObject({ value: 21.5 });
    const config = connectionConfig.parse({
      protocol: 'opcua',
      endpoint: other.endpoint,
      security: 'sign-and-encrypt',
      pki,
      ...OPCUA_USER,
    }) as OpcUaConnectionConfig;
    const opc2 = new OpcUaDriver('opc2', config, (line) => log.push(line));
    drivers.push(opc2);
    const r = parseTagAddress({
      address_type: 'opc2:node',
      address: 'ns=1;s=Line1.Temp',
      data_type: TagDataType.FLOAT,
      access: 0,
    });
    if (!r.ok || !r.address) throw new Error('bad node id');
    const readings = await opc2.plan([{ ...temp, address: r.address }]).read();
    expect(readings).toEqual([{ tag: 'Temp', value: 99 }]);
    expect(existsSync(pinFile(pki, 'opc2'))).toBe(true);
    expect(log[1]).toContain('opc2: first connection');
  });
});
