import { join } from 'node:path';
import { parseTagAddress, TagDataType } from '@hmi/contract';
import { DataType } from 'node-opcua-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionConfig, type OpcUaConnectionConfig } from './connections';
import type { FieldTag } from './driver';
import { OpcUaDriver } from './opcua-driver';
import { OPCUA_USER, startOpcUaPeer, type OpcUaPeer } from '../test/peers/opcua-peer';
import { useTempFolder } from '../test/temp-folder';

const { BOOL, UINT16, INT32, UINT64, INT64, FLOAT, DOUBLE, STRING } = TagDataType;

const tmp = useTempFolder('opcua-');
let peer: OpcUaPeer;
const drivers: OpcUaDriver[] = [];

beforeAll(async () => {
  peer = await startOpcUaPeer(join(tmp.path, 'server-pki'), {
    Run: [DataType.Boolean, true],
    Count: [DataType.UInt16, 65535],
    Delta: [DataType.Int32, -5],
    Big: [DataType.UInt64, [0xffffffff, 0xfffffc18]],
    Neg: [DataType.Int64, [0xffffffff, 0xfffffffe]],
    Temp: [DataType.Float, 21.5],
    Precise: [DataType.Double, Math.PI],
    Label: [DataType.String, 'Line-1'],
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(drivers.map((d) => d.close()));
  await peer?.stop();
});

function driver(raw: Record<string, unknown>): OpcUaDriver {
  const config = connectionConfig.parse({
    protocol: 'opcua',
    endpoint: peer.endpoint,
    pki: join(tmp.path, 'client-pki'),
    timeout_ms: 5000,
    ...raw,
  }) as OpcUaConnectionConfig;
  const d = new OpcUaDriver('opc1', config);
  drivers.push(d);
  return d;
}

function tag(name: string, dataType: number, node = `ns=1;s=Line1.${name}`): FieldTag {
  const r = parseTagAddress({ address_type: 'opc1:node', address: node, data_type: dataType, access: 2 });
  if (!r.ok || !r.address) throw new Error(`bad node id ${node}`);
  return { name, dataType, access: 2, address: r.address };
}

const tags = [
  tag('Run', BOOL),
  tag('Count', UINT16),
  tag('Delta', INT32),
  tag('Big', UINT64),
  tag('Neg', INT64),
  tag('Temp', FLOAT),
  tag('Precise', DOUBLE),
  tag('Label', STRING),
];
const expected = {
  Run: true,
  Count: 65535,
  Delta: -5,
  Big: '18446744073709550616',
  Neg: -2,
  Temp: 21.5,
  Precise: Math.PI,
  Label: 'Line-1',
};
const values = (readings: { tag: string; value?: unknown; q?: string }[]) =>
  Object.fromEntries(readings.map((r) => [r.tag, 'value' in r ? r.value : `q:${r.q}`]));

describe('OPC UA against node-opcua-server', () => {
  it('reads every data type in one request, security none, anonymous', async () => {
    const plan = driver({ security: 'none' }).plan(tags);
    expect(plan.requests).toBe(1);
    expect(values(await plan.read())).toEqual(expected);
  });

  it('reads and writes with SignAndEncrypt and a user; an unknown node is its status', async () => {
    const d = driver({ security: 'sign-and-encrypt', ...OPCUA_USER });
    await d.write(tag('Temp', FLOAT), 30.25);
    await d.write(tag('Big', UINT64), '18446744073709551615');
    await d.write(tag('Run', BOOL), 0);
    expect(peer.value('Temp')).toBe(30.25);
    expect(peer.value('Big')).toEqual([0xffffffff, 0xffffffff]);
    expect(peer.value('Run')).toBe(false);
    const plan = d.plan([tag('Temp', FLOAT), tag('Nope', FLOAT, 'ns=1;s=Line1.Nope')]);
    expect(values(await plan.read())).toEqual({ Temp: 30.25, Nope: 'q:exception:BadNodeIdUnknown' });
    await expect(d.write(tag('Count', UINT16), 70000)).rejects.toMatchObject({ reason: 'decode' });
    expect(d.report(2)).toMatchObject({ protocol: 'opcua', state: 'connected' });
  });

  it('a wrong password leaves the TAGs disconnected with the reason', async () => {
    const d = driver({ security: 'sign-and-encrypt', user: OPCUA_USER.user, password: 'wrong' });
    expect(values(await d.plan([tag('Temp', FLOAT)]).read())).toEqual({ Temp: 'q:disconnected' });
    expect(d.report(1)).toMatchObject({ state: 'error', last_error: 'disconnected' });
  });
});
