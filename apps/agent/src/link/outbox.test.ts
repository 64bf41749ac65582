import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Outbox } from './outbox';
import { outboxConfig } from './outbox-config';

const dir = mkdtempSync(join(tmpdir(), 'hmi-outbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const body = (seq: number) => JSON.stringify({ v: 1, seq, values: [{ tag: 't', value: seq, ts: seq }] });
const open = (name: string, maxBytes = 1 << 20, maxAgeMs = 86_400_000) =>
  Outbox.open({ path: join(dir, name), maxBytes, maxAgeMs });

describe('gateway outbox', () => {
  it('keeps batches across a reopen until confirmed, in seq order', () => {
    const a = open('keep.sqlite');
    const t0 = Date.now();
    for (const seq of [3, 1, 2]) a.add({ seq, ts: t0 + seq, body: body(seq), sent: seq === 3 });
    a.confirm([2]);
    a.close();
    const b = open('keep.sqlite');
    expect(b.batchesAfter(-1).map((x) => x.seq)).toEqual([1, 3]);
    expect(b.unconfirmedSent().map((x) => x.seq)).toEqual([3]);
    expect(b.maxSeq()).toBe(3);
    expect(b.stats()).toMatchObject({ depth: 2, oldest_ts: t0 + 1, dropped: 0 });
    b.close();
  });

  it('remembers the highest seq once everything is confirmed (a restart continues above it)', () => {
    const a = open('high.sqlite');
    a.add({ seq: 41, ts: 1, body: body(41), sent: true });
    a.add({ seq: 40, ts: 2, body: body(40), sent: true });
    a.confirm([40, 41]);
    a.close();
    const b = open('high.sqlite');
    expect(b.stats().depth).toBe(0);
    expect(b.maxSeq()).toBe(41);
    b.close();
  });

  it('drops the oldest beyond max bytes and max age, and counts them across a reopen', () => {
    const size = Buffer.byteLength(body(10));
    const a = open('bound.sqlite', size * 3, 10_000);
    for (let seq = 10; seq < 15; seq += 1)
      a.add({ seq, ts: 50_000 + seq, body: body(seq), sent: false }, 50_000);
    expect(a.batchesAfter(-1).map((x) => x.seq)).toEqual([12, 13, 14]);
    // Ten seconds after 50,004: 12 and 13 are older than max age (14 is not).
    a.add({ seq: 15, ts: 60_014, body: body(15), sent: false }, 60_014);
    expect(a.batchesAfter(-1).map((x) => x.seq)).toEqual([14, 15]);
    const dropped = a.stats().dropped;
    expect(dropped).toBe(4);
    a.close();
    expect(open('bound.sqlite', size * 3, 10_000).stats()).toMatchObject({ dropped, depth: 2 });
  });

  it('a corrupt file is moved aside and the outbox starts empty, saying so', () => {
    const path = join(dir, 'corrupt.sqlite');
    writeFileSync(path, Buffer.alloc(8192, 0x5a));
    const said: string[] = [];
    const box = Outbox.open({ path, maxBytes: 1 << 20, maxAgeMs: 86_400_000 }, (to) => said.push(to));
    expect(box.stats().depth).toBe(0);
    box.add({ seq: 1, ts: 1, body: body(1), sent: false });
    expect(said).toHaveLength(1);
    expect(existsSync(said[0] ?? '')).toBe(true);
    expect(readdirSync(dir).filter((f) => f.startsWith('corrupt.sqlite.corrupt-'))).toHaveLength(1);
    box.close();
  });

  it('config: defaults beside the config file; a bad field is named', () => {
    expect(outboxConfig('gw.json', '/etc/hmi', undefined)).toEqual({
      path: '/etc/hmi/outbox.sqlite',
      maxBytes: 256 * 1024 * 1024,
      maxAgeMs: 30 * 86_400_000,
    });
    expect(() => outboxConfig('gw.json', '/etc', { max_mb: 0 })).toThrow('"outbox.max_mb"');
    expect(() => outboxConfig('gw.json', '/etc', { max_age_days: 'x' })).toThrow('"outbox.max_age_days"');
    expect(() => outboxConfig('gw.json', '/etc', { path: '' })).toThrow('"outbox.path"');
    expect(() => outboxConfig('gw.json', '/etc', [])).toThrow('"outbox"');
  });
});
