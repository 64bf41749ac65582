import { createServer, type AddressInfo } from 'node:net';
import { parseTagAddress, TagDataType, type WordOrder } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRegisters } from './codec';
import { connectionConfig, type ModbusConnectionConfig } from './connections';
import type { FieldTag } from './driver';
import { ModbusDriver } from './modbus-driver';
import { mbpollRead, startModbusPeer, startPtyPair, type ModbusPeer } from '../test/peers/modbus-peer';
import { MODBUS_LIMITS, planReads, type PlannedTag } from './planner';
import { useTempFolder } from '../test/temp-folder';

const { BOOL, UINT16, INT16, UINT32, INT32, FLOAT, UINT64, INT64, DOUBLE, STRING } = TagDataType;

const tmp = useTempFolder('modbus-');
let tcp: ModbusPeer;
let rtu: ModbusPeer;
let overTcp: ModbusPeer;
let pty: Awaited<ReturnType<typeof startPtyPair>>;
const drivers: ModbusDriver[] = [];

beforeAll(async () => {
  pty = await startPtyPair(tmp.path);
  [tcp, rtu, overTcp] = await Promise.all([
    startModbusPeer({ tcp: true }),
    startModbusPeer({ rtu: pty.b, baud: 115200 }),
    startModbusPeer({ rtuOverTcp: true }),
  ]);
});

afterAll(async () => {
  await Promise.all(drivers.map((d) => d.close()));
  await Promise.all([tcp?.stop(), rtu?.stop(), overTcp?.stop()]);
  await pty?.stop();
});

function driver(raw: Record<string, unknown>): ModbusDriver {
  const d = new ModbusDriver(
    'plc',
    connectionConfig.parse({ timeout_ms: 300, ...raw }) as ModbusConnectionConfig,
  );
  drivers.push(d);
  return d;
}

function tag(name: string, addressType: string, address: string, dataType: number, access = 2): FieldTag {
  const r = parseTagAddress({ address_type: addressType, address, data_type: dataType, access });
  if (!r.ok || !r.address) throw new Error(`bad address ${address}`);
  return { name, dataType, access, address: r.address };
}

/** One TAG of every data type and order, with the value the peer holds for it. */
const table: { tag: FieldTag; value: number | string | boolean; registers?: number[] }[] = [];
let at = 100;
for (const order of ['ABCD', 'CDAB', 'BADC', 'DCBA'] as WordOrder[])
  for (const [dataType, value] of [
    [UINT32, 4000000000],
    [INT32, -123456789],
    [FLOAT, -12.5],
    [UINT64, '18446744073709551000'],
    [INT64, '-9007199254740993'],
    [DOUBLE, 6.02214076e23],
  ] as const) {
    const t = tag(`t${at}`, 'plc:4x', `${at}@${order}`, dataType);
    table.push({ tag: t, value, registers: encodeRegisters(value, dataType, order, 0) });
    at += 4;
  }
table.push(
  { tag: tag('u16', 'plc:4x', '10', UINT16), value: 65535, registers: [0xffff] },
  { tag: tag('i16', 'plc:3x', '10', INT16, 0), value: -2, registers: [0xfffe] },
  { tag: tag('text', 'plc:4x', '20#4', STRING), value: 'Line-1', registers: [0x4c69, 0x6e65, 0x2d31, 0] },
  { tag: tag('bit', 'plc:4x', '30.3', BOOL), value: true, registers: [0b1000] },
  { tag: tag('coil', 'plc:0x', '7', BOOL), value: true },
  { tag: tag('input', 'plc:1x', '9', BOOL, 0), value: true },
);

async function load(peer: ModbusPeer): Promise<void> {
  for (const row of table) {
    const a = row.tag.address;
    if (a.protocol !== 'modbus') continue;
    const area = ({ '0x': 'co', '1x': 'di', '3x': 'ir', '4x': 'hr' } as const)[a.area];
    await peer.set(area, a.offset, row.registers ?? [1]);
  }
}

const expected = Object.fromEntries(table.map((r) => [r.tag.name, r.value]));
const values = (readings: { tag: string; value?: unknown; q?: string }[]) =>
  Object.fromEntries(readings.map((r) => [r.tag, 'value' in r ? r.value : `q:${r.q}`]));

describe('Modbus TCP against pymodbus', () => {
  it('reads every data type and order correctly, in the planned number of requests', async () => {
    await load(tcp);
    const d = driver({ protocol: 'modbus-tcp', host: '127.0.0.1', port: tcp.port });
    const plan = d.plan(table.map((r) => r.tag));
    await tcp.reads();
    expect(values(await plan.read())).toEqual(expected);
    const planned = planReads(table.map((r) => r.tag) as PlannedTag[], MODBUS_LIMITS);
    // 0x, 1x, 3x, and in 4x: 10, 20-30 (a hole of 6 read through), 100-195 (holes of 9 and 69 are not)
    expect(plan.requests).toBe(planned.length);
    expect(plan.requests).toBe(6);
    expect(await tcp.reads()).toBe(plan.requests);
  });

  it('writes land in the PLC (read back with mbpoll): 5, 6, 16 and a bit of a register', async () => {
    const d = driver({ protocol: 'modbus-tcp', host: '127.0.0.1', port: tcp.port });
    await d.write(tag('sp', 'plc:4x', '500', INT16), -5);
    await d.write(tag('f', 'plc:4x', '501@CDAB', FLOAT), 1.5);
    await d.write(tag('c', 'plc:0x', '600', BOOL), true);
    await tcp.set('hr', 510, [0x00f0]);
    await d.write(tag('b', 'plc:4x', '510.0', BOOL), 1);
    await d.write(tag('b', 'plc:4x', '510.4', BOOL), false);
    expect(await mbpollRead(tcp.port, 4, 500, 3)).toEqual([0xfffb, 0x0000, 0x3fc0]);
    expect(await mbpollRead(tcp.port, 4, 510, 1)).toEqual([0x00e1]);
    expect(await mbpollRead(tcp.port, 0, 600, 1)).toEqual([1]);
  });

  it("a PLC's exception comes back as exception:<n>; a refused merge is split and the split kept", async () => {
    // 9 and 12 merge through the unmapped 10-11, which the PLC refuses; 50 is not mapped at all
    const peer = await startModbusPeer(
      { tcp: true },
      {
        map: {
          hr: [
            [0, 10],
            [12, 10],
          ],
        },
      },
    );
    try {
      const d = driver({ protocol: 'modbus-tcp', host: '127.0.0.1', port: peer.port });
      await peer.set('hr', 0, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      await peer.set('hr', 12, [13, 14]);
      const tags = [
        tag('a', 'plc:4x', '0', UINT16),
        tag('b', 'plc:4x', '9', UINT16),
        tag('c', 'plc:4x', '12', UINT16),
      ];
      const plan = d.plan([...tags, tag('gone', 'plc:4x', '50', UINT16)]);
      expect(plan.requests).toBe(2);
      expect(values(await plan.read())).toEqual({ a: 1, b: 10, c: 13, gone: 'q:exception:2' });
      // bisected to the hole 10-11: 0-9 | 12, and 50 alone (halving cut at 9 too: 0 | 9 | 12 | 50)
      expect(plan.requests).toBe(3);
      await peer.reads();
      expect(values(await plan.read())).toEqual({ a: 1, b: 10, c: 13, gone: 'q:exception:2' });
      // the next scan starts from the kept cut: two accepted reads, only 50 refused
      expect(await peer.reads()).toBe(2);
      await expect(d.write(tag('w', 'plc:4x', '11', UINT16), 1)).rejects.toMatchObject({
        reason: 'exception:2',
      });
    } finally {
      await peer.stop();
    }
  });

  it('a TAG the PLC lacks in a run of TAGs is read alone; its neighbours stay merged', async () => {
    // registers 0-4 and 6-7 mapped, 5 not: the minimum is 0-4 | 5 | 6-7 (halving read 0-3 | 4 | 5 | 6-7)
    const peer = await startModbusPeer(
      { tcp: true },
      {
        map: {
          hr: [
            [0, 5],
            [6, 2],
          ],
        },
      },
    );
    try {
      const d = driver({ protocol: 'modbus-tcp', host: '127.0.0.1', port: peer.port });
      await peer.set('hr', 0, [10, 11, 12, 13, 14]);
      await peer.set('hr', 6, [16, 17]);
      const tags = Array.from({ length: 8 }, (_, i) => tag(`r${i}`, 'plc:4x', String(i), UINT16));
      const plan = d.plan(tags);
      expect(plan.requests).toBe(1);
      const first = values(await plan.read());
      expect(first).toEqual({ r0: 10, r1: 11, r2: 12, r3: 13, r4: 14, r5: 'q:exception:2', r6: 16, r7: 17 });
      expect(plan.requests).toBe(3);
      await peer.reads();
      expect(values(await plan.read())).toEqual(first);
      expect(await peer.reads()).toBe(2);
    } finally {
      await peer.stop();
    }
  });

  it('a unit that never answers is a timeout; a stopped peer is disconnected', async () => {
    const peer = await startModbusPeer({ tcp: true });
    const silent = driver({
      protocol: 'modbus-tcp',
      host: '127.0.0.1',
      port: peer.port,
      unit: 9,
      retries: 0,
    });
    expect(values(await silent.plan([tag('x', 'plc:4x', '0', UINT16)]).read())).toEqual({ x: 'q:timeout' });
    const d = driver({ protocol: 'modbus-tcp', host: '127.0.0.1', port: peer.port });
    const plan = d.plan([tag('x', 'plc:4x', '0', UINT16)]);
    expect(values(await plan.read())).toEqual({ x: 0 });
    await peer.stop();
    expect(values(await plan.read())).toEqual({ x: 'q:disconnected' });
    expect(d.report(1)).toMatchObject({ state: 'error', last_error: 'disconnected', tags: 1 });
  });

  it('a PLC that stops answering costs one timeout, not one per request', async () => {
    let bytes = 0;
    const silent = createServer((s) => s.on('data', (b: Buffer) => (bytes += b.length)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const d = driver({ protocol: 'modbus-tcp', host: '127.0.0.1', port, retries: 0, max_in_flight: 1 });
      // eight requests (holes of 1,000 registers): after the first timeout the rest are not sent
      const far = Array.from({ length: 8 }, (_, i) => tag(`x${i}`, 'plc:4x', String(i * 1000), UINT16));
      const plan = d.plan(far);
      expect(plan.requests).toBe(8);
      const readings = await plan.read();
      expect(new Set(readings.map((r) => ('q' in r ? r.q : 'value')))).toEqual(new Set(['timeout']));
      // a Modbus TCP read request is 12 bytes
      expect(bytes).toBe(12);
      expect(d.report(8)).toMatchObject({ state: 'error', last_error: 'timeout' });
    } finally {
      silent.close();
    }
  });

  it('a dead PLC does not delay another connection', async () => {
    // a listener that accepts and never answers: every request there waits for its timeout
    const blackHole = createServer(() => undefined);
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    try {
      const dead = driver({
        protocol: 'modbus-tcp',
        host: '127.0.0.1',
        port: (blackHole.address() as AddressInfo).port,
        timeout_ms: 5000,
      });
      const alive = driver({ protocol: 'modbus-tcp', host: '127.0.0.1', port: tcp.port });
      let deadDone = false;
      const deadRead = dead
        .plan([tag('x', 'plc:4x', '0', UINT16)])
        .read()
        .finally(() => (deadDone = true));
      expect(values(await alive.plan([tag('u16', 'plc:4x', '10', UINT16)]).read())).toEqual({ u16: 65535 });
      expect(deadDone).toBe(false);
      await dead.close();
      await deadRead;
    } finally {
      blackHole.close();
    }
  });
});

describe('Modbus RTU', () => {
  it('on a serial line (socat pty pair) reads every data type and order', async () => {
    await load(rtu);
    const d = driver({ protocol: 'modbus-rtu', path: pty.a, baud: 115200, timeout_ms: 1000 });
    expect(values(await d.plan(table.map((r) => r.tag)).read())).toEqual(expected);
    await d.write(tag('sp', 'plc:4x', '700', UINT32), 70000);
    expect(await rtu.get('hr', 700, 2)).toEqual([1, 4464]);
    // closing releases the port: the next owner can open it
    await d.close();
    const next = driver({ protocol: 'modbus-rtu', path: pty.a, baud: 115200, timeout_ms: 1000 });
    expect(values(await next.plan([tag('u16', 'plc:4x', '10', UINT16)]).read())).toEqual({ u16: 65535 });
  });

  it('over TCP (a serial device server) reads every data type and order', async () => {
    await load(overTcp);
    const d = driver({ protocol: 'modbus-rtu-over-tcp', host: '127.0.0.1', port: overTcp.port });
    expect(values(await d.plan(table.map((r) => r.tag)).read())).toEqual(expected);
  });
});
