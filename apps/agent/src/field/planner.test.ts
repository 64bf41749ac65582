import { parseTagAddress, TagDataType, type ModbusAddress } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { MODBUS_LIMITS, planReads, splitAt, type PlannedTag } from './planner';

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

describe('refused requests', () => {
  it('split at the middle TAG and the barrier remembered by later plans', () => {
    const tags = Array.from({ length: 8 }, (_, i) => tag('p:4x', String(i * 2)));
    const [whole] = planReads(tags);
    if (!whole) throw new Error('no plan');
    const barrier = splitAt(whole);
    expect(barrier).toBe('4x:8');
    const barriers = new Set([barrier ?? '']);
    expect(spans(tags, barriers)).toEqual([
      ['4x', 0, 7, 4],
      ['4x', 8, 7, 4],
    ]);
  });

  it('narrow down to the one address the PLC lacks', () => {
    const tags = Array.from({ length: 8 }, (_, i) => tag('p:4x', String(i)));
    const barriers = new Set<string>();
    const lacking = 5;
    // the "PLC" refuses any request covering register 5
    for (;;) {
      const refused = planReads(tags, MODBUS_LIMITS, barriers).find(
        (r) => r.start <= lacking && lacking < r.start + r.length,
      );
      if (!refused) throw new Error('register 5 is not read');
      const barrier = splitAt(refused);
      if (!barrier) {
        expect(refused.tags.map((t) => t.address.offset)).toEqual([lacking]);
        break;
      }
      barriers.add(barrier);
    }
    expect(barriers.size).toBeLessThanOrEqual(4);
  });

  it('a request of one address cannot be split', () => {
    const plan = planReads([tag('p:4x', '3.1', BOOL), tag('p:4x', '3.2', BOOL)]);
    expect(plan).toHaveLength(1);
    expect(plan.map(splitAt)).toEqual([null]);
  });
});
