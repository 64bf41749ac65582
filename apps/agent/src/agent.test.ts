import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagDataType } from '@hmi/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { readGatewayConfig, readSource } from './gateway/gateway';
import { checkWrite, createSource, generatorFor } from './sim/generators';
import { IdentityStore, SeqLease, readIdentities } from './sim/identities';
import { statusLine } from './status';

const dir = mkdtempSync(join(tmpdir(), 'hmi-agent-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generators', () => {
  it('sine stays in range, ramp wraps, walk is bounded, toggle flips, text cycles', () => {
    const sine = createSource({
      name: 't',
      dataType: TagDataType.FLOAT,
      gen: { kind: 'sine', min: 10, max: 20, periodMs: 1000 },
    });
    for (let t = 0; t < 2000; t += 37) expect(sine.next(t)).toBeGreaterThanOrEqual(10);
    const ramp = createSource({
      name: 'c',
      dataType: TagDataType.UINT32,
      gen: { kind: 'ramp', min: 0, max: 2, step: 1 },
    });
    expect([0, 0, 0, 0, 0].map(() => ramp.next(0))).toEqual([0, 1, 2, 0, 1]);
    let r = 0;
    const walk = createSource(
      { name: 'p', dataType: TagDataType.FLOAT, gen: { kind: 'walk', min: 0, max: 1, step: 0.4 } },
      () => (r += 0.37) % 1,
    );
    for (let i = 0; i < 50; i += 1) {
      const v = walk.next(0) as number;
      expect(v >= 0 && v <= 1).toBe(true);
    }
    const toggle = createSource({ name: 'b', dataType: TagDataType.BOOL, gen: { kind: 'toggle', every: 2 } });
    expect([0, 0, 0, 0, 0].map(() => toggle.next(0))).toEqual([false, false, true, true, false]);
    const text = createSource({
      name: 's',
      dataType: TagDataType.STRING,
      gen: { kind: 'text', values: ['A', 'B'], every: 2 },
    });
    expect([0, 0, 0, 0].map(() => text.next(0))).toEqual(['A', 'A', 'B', 'B']);
  });

  it('a write holds on a constant; values are checked against the data type', () => {
    const sp = createSource({ name: 'sp', dataType: TagDataType.FLOAT, gen: { kind: 'constant', value: 1 } });
    expect(sp.next(0)).toBe(1);
    sp.set(2.5);
    expect([sp.next(0), sp.next(0)]).toEqual([2.5, 2.5]);
    expect(checkWrite(TagDataType.INT32, 1.5)).toMatch(/whole/);
    expect(checkWrite(TagDataType.BOOL, 'x')).toMatch(/bool/);
    expect(checkWrite(TagDataType.STRING, 3)).toMatch(/string/);
    expect(checkWrite(TagDataType.FLOAT, '2.5')).toBeNull();
    expect(generatorFor({ name: 'x', data_type: TagDataType.BOOL, default_value: '' }).kind).toBe('toggle');
  });
});

describe('identities and seq', () => {
  it('a lease persists a ceiling ahead, so a crash never reuses a number; release keeps the exact next', () => {
    const path = join(dir, 'sims.json');
    const store = new IdentityStore(path, {
      devices: [{ sn: 'SIM-001', pin: '1234', secret: 's', model: 'X', seq: 0 }],
    });
    store.save();
    const lease = store.lease('SIM-001', 10);
    for (let i = 0; i < 12; i += 1) lease.next();
    expect(lease.last()).toBe(11);
    expect(readIdentities(path).devices[0]?.seq).toBe(20);
    const crashed = new SeqLease(readIdentities(path).devices[0]?.seq ?? 0, () => undefined);
    expect(crashed.next()).toBe(20);
    lease.release();
    expect(readIdentities(path).devices[0]?.seq).toBe(12);
  });
});

describe('gateway', () => {
  it('reads constants, files and command output; resolves paths from the config folder', async () => {
    writeFileSync(join(dir, 'level.txt'), ' 42.5\n');
    writeFileSync(
      join(dir, 'gw.json'),
      JSON.stringify({
        url: 'mqtt://127.0.0.1:1',
        sn: 'GW-1',
        secret: 'x',
        sink: 'writes.json',
        tags: [
          { name: 'k', source: { value: 7 } },
          { name: 'level', source: { file: 'level.txt' } },
          { name: 'host', type: 'string', source: { command: 'echo', args: ['plant-a'] } },
          { name: 'bad', source: { file: 'missing.txt' } },
        ],
      }),
    );
    const c = readGatewayConfig(join(dir, 'gw.json'));
    expect(c.sink).toBe(join(dir, 'writes.json'));
    expect(await Promise.all(c.tags.map(readSource))).toEqual([7, 42.5, 'plant-a', null]);
    expect(readFileSync(join(dir, 'level.txt'), 'utf8')).toContain('42.5');
  });

  it('prints a compact status line', () => {
    expect(
      statusLine({
        sn: 'SIM-001',
        connected: true,
        lastSeq: 5,
        batches: 6,
        lastWrite: 'sp=1 ok',
        configVersion: 2,
        error: null,
      }),
    ).toMatch(/^SIM-001\s+online\s+seq 5\s+batches 6\s+cfg v2\s+write sp=1 ok$/);
  });
});
