import { parseTagAddress, TagDataType, type ModbusAddress } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import {
  barrierKey,
  isolateRefusal,
  MODBUS_LIMITS,
  planReads,
  REFUSED,
  type PlannedTag,
  type Probe,
  type ReadRequest,
} from './planner';

const { BOOL, UINT16, FLOAT, DOUBLE, STRING } = TagDataType;

let n = 0;
function tag(addressType: string, address: string, dataType: number = UINT16): PlannedTag {
  const r = parseTagAddress({ address_type: addressType, address, data_type: dataType, access: 0 });
  if (!r.ok || !r.address) throw new Error(`bad address ${addressType} ${address}`);
  return { name: `t${n++}`, dataType, address: r.address as ModbusAddress };
}

const spans = (tags: PlannedTag[], barriers?: Set<string>) =>
  planReads(tags, MODBUS_LIMITS, barriers).map((r) => [r.area, r.start, r.length, r.tags.length]);

describe('planReads', () => {
  it('merges adjacent registers of every width into one request', () => {
    const tags = [
      tag('p:4x', '0'),
      tag('p:4x', '1', FLOAT),
      tag('p:4x', '3', DOUBLE),
      tag('p:4x', '7#4', STRING),
    ];
    expect(spans(tags)).toEqual([['4x', 0, 11, 4]]);
  });

  it('reads through small holes and splits at large ones', () => {
    const tags = [tag('p:4x', '0'), tag('p:4x', '9'), tag('p:4x', '18'), tag('p:4x', '100')];
    // holes of 8 registers are read through; a hole of 81 starts a new request
    expect(spans(tags)).toEqual([
      ['4x', 0, 19, 3],
      ['4x', 100, 1, 1],
    ]);
  });

  it('keeps each area apart, in area order', () => {
    const tags = [tag('p:4x', '0'), tag('p:3x', '0'), tag('p:1x', '0', BOOL), tag('p:0x', '0', BOOL)];
    expect(spans(tags).map((s) => s[0])).toEqual(['0x', '1x', '3x', '4x']);
  });

  it('bits of one register are one read of that register', () => {
    const tags = [tag('p:4x', '5.0', BOOL), tag('p:4x', '5.15', BOOL), tag('p:4x', '5')];
    expect(spans(tags)).toEqual([['4x', 5, 1, 3]]);
  });

  it('needs ceil(registers / 125) requests for a contiguous block', () => {
    const tags = Array.from({ length: 1000 }, (_, i) => tag('p:4x', String(i)));
    const plan = planReads(tags);
    expect(plan).toHaveLength(8);
    expect(plan.every((r) => r.length <= 125)).toBe(true);
    expect(plan.reduce((s, r) => s + r.tags.length, 0)).toBe(1000);
  });

  it('never cuts a value in two: a float straddling 125 starts the next request', () => {
    const tags = [
      ...Array.from({ length: 124 }, (_, i) => tag('p:4x', String(i))),
      tag('p:4x', '124', FLOAT),
    ];
    expect(spans(tags)).toEqual([
      ['4x', 0, 124, 124],
      ['4x', 124, 2, 1],
    ]);
  });

  it('takes 2,000 coils a request', () => {
    const tags = Array.from({ length: 4001 }, (_, i) => tag('p:0x', String(i), BOOL));
    expect(spans(tags).map((s) => s[2])).toEqual([2000, 2000, 1]);
  });

  it('reaches the minimum on a mixed address map', () => {
    // 3 blocks of 4x (0-199 dense, 300-309, 1000-1003 with a 5-register hole) and 3x 0-9:
    // the minimum is 2 + 1 + 1 + 1 = 5
    const tags = [
      ...Array.from({ length: 200 }, (_, i) => tag('p:4x', String(i))),
      ...Array.from({ length: 10 }, (_, i) => tag('p:4x', String(300 + i))),
      tag('p:4x', '1000'),
      tag('p:4x', '1006', FLOAT),
      ...Array.from({ length: 10 }, (_, i) => tag('p:3x', String(i))),
    ];
    expect(planReads(tags)).toHaveLength(5);
  });
});

/** A PLC that refuses (exception 2) any request covering one of `lacking`. */
function plcLacking(lacking: number[]) {
  let requests = 0;
  const refuses = (r: ReadRequest) => lacking.some((a) => r.start <= a && a < r.start + r.length);
  const probe: Probe<string[]> = async (r) => {
    requests++;
    return refuses(r) ? REFUSED : r.tags.map((t) => t.name);
  };
  return { refuses, probe, requests: () => requests };
}

/** Reads `tags` until a scan is refused nowhere but at single TAGs, keeping the cuts found. */
async function settle(tags: PlannedTag[], lacking: number[]) {
  const plc = plcLacking(lacking);
  const barriers = new Set<string>();
  for (let scan = 0; scan < 10; scan++) {
    const refused = planReads(tags, MODBUS_LIMITS, barriers).filter(
      (r) => plc.refuses(r) && new Set(r.tags.map((t) => t.address.offset)).size > 1,
    );
    if (refused.length === 0) return { barriers, probes: plc.requests() };
    for (const r of refused) for (const cut of (await isolateRefusal(r, plc.probe)).cuts) barriers.add(cut);
  }
  throw new Error('no settled plan');
}

/** The previous splitting, kept here to show what it cost: halve by TAG at every refusal, keep each cut. */
function halvingCuts(tags: PlannedTag[], lacking: number[]) {
  const plc = plcLacking(lacking);
  const barriers = new Set<string>();
  for (;;) {
    const refused = planReads(tags, MODBUS_LIMITS, barriers).find(
      (r) => plc.refuses(r) && new Set(r.tags.map((t) => t.address.offset)).size > 1,
    );
    if (!refused) return barriers;
    const offsets = [...new Set(refused.tags.map((t) => t.address.offset))];
    barriers.add(barrierKey('4x', offsets[Math.floor(offsets.length / 2)] as number));
  }
}

describe('refused requests', () => {
  it('a TAG the PLC lacks is cut out alone and its neighbours stay merged', async () => {
    const tags = Array.from({ length: 8 }, (_, i) => tag('p:4x', String(i)));
    const { barriers } = await settle(tags, [5]);
    expect(spans(tags, barriers)).toEqual([
      ['4x', 0, 5, 5],
      ['4x', 5, 1, 1],
      ['4x', 6, 2, 2],
    ]);
    // halving left cuts at 4 and 6 as well: 0-3 | 4 | 5 | 6-7, one request a scan more
    expect(planReads(tags, MODBUS_LIMITS, halvingCuts(tags, [5]))).toHaveLength(4);
  });

  it('an unmapped hole between TAGs costs one cut, where the hole is', async () => {
    const tags = Array.from({ length: 6 }, (_, i) => tag('p:4x', String(i * 2)));
    const { barriers } = await settle(tags, [7]);
    expect(spans(tags, barriers)).toEqual([
      ['4x', 0, 7, 4],
      ['4x', 8, 3, 2],
    ]);
    // halving cut at 6 first, then at 8: 0-4 | 6 | 8-10
    expect(planReads(tags, MODBUS_LIMITS, halvingCuts(tags, [7]))).toHaveLength(3);
  });

  it('reaches the minimum with several bad addresses in a long block, in few probes', async () => {
    const tags = Array.from({ length: 120 }, (_, i) => tag('p:4x', String(i)));
    const { barriers, probes } = await settle(tags, [10, 11, 70]);
    // avoiding 10, 11 and 70: 0-9 | 10 | 11 | 12-69 | 70 | 71-119
    expect(spans(tags, barriers).map((s) => s.slice(1, 3))).toEqual([
      [0, 10],
      [10, 1],
      [11, 1],
      [12, 58],
      [70, 1],
      [71, 49],
    ]);
    expect(probes).toBeLessThanOrEqual(3 * 2 * Math.ceil(Math.log2(120)));
    expect(planReads(tags, MODBUS_LIMITS, halvingCuts(tags, [10, 11, 70])).length).toBeGreaterThan(6);
  });

  it('returns what the accepted parts read and which TAGs are refused alone', async () => {
    const tags = Array.from({ length: 4 }, (_, i) => tag('p:4x', String(i)));
    const [whole] = planReads(tags);
    if (!whole) throw new Error('no plan');
    const found = await isolateRefusal(whole, plcLacking([2]).probe);
    expect(found.read.flat().sort()).toEqual([tags[0], tags[1], tags[3]].map((t) => t?.name).sort());
    expect(found.refused.map((t) => t.name)).toEqual([tags[2]?.name]);
  });

  it('a probe that fails otherwise (timeout) aborts without cuts', async () => {
    const tags = Array.from({ length: 4 }, (_, i) => tag('p:4x', String(i)));
    const [whole] = planReads(tags);
    if (!whole) throw new Error('no plan');
    await expect(isolateRefusal(whole, () => Promise.reject(new Error('timeout')))).rejects.toThrow(
      'timeout',
    );
  });

  it('TAGs at one address stay one request whatever the cuts', () => {
    const plan = planReads(
      [tag('p:4x', '3.1', BOOL), tag('p:4x', '3.2', BOOL)],
      MODBUS_LIMITS,
      new Set(['4x:3', '4x:4']),
    );
    expect(plan).toHaveLength(1);
  });
});
