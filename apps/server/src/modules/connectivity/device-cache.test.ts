import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeviceCache } from './device-cache';
import type { DeviceBySn, StateStore, TagDef } from './repo/state-store';

const tag = (name: string): TagDef => ({ name }) as TagDef;

/** A registry of devices on one template, counting what the cache reads of it. */
function registry(devices: number) {
  const reads = { devices: 0, rows: 0, tags: 0 };
  let version = 1;
  let tagNames = ['t1'];
  const rows = new Map<string, DeviceBySn>();
  for (let i = 1; i <= devices; i += 1)
    rows.set(`SN${i}`, {
      id: i,
      team_id: 1,
      sn: `SN${i}`,
      group_id: null,
      template_id: 7,
      template_version: 1,
      online: 1,
      hmi_version: null,
    });
  const store = {
    devicesBySn: (sns: string[]) => {
      reads.devices += 1;
      reads.rows += sns.length;
      const found = sns.flatMap((sn) => rows.get(sn) ?? []);
      return Promise.resolve(found.map((row) => ({ ...row, template_version: version })));
    },
    templateTags: () => {
      reads.tags += 1;
      return Promise.resolve(tagNames.map(tag));
    },
  } as unknown as StateStore;
  /** A change of the template's TAGs, which raises its version. */
  const editTemplate = (names: string[]) => {
    tagNames = names;
    version += 1;
  };
  return { store, reads, editTemplate, sns: [...rows.keys()] };
}

describe('the device cache of ingest', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());

  it('reads a template’s TAGs once for all its devices, and again only at a new version', async () => {
    const r = registry(100);
    const cache = new DeviceCache(r.store);
    const all = () => Promise.all(r.sns.map((sn) => cache.get(sn)));
    for (const got of await all()) expect([...got.tags.keys()]).toEqual(['t1']);
    // The rows asked for in one turn come in one query.
    expect(r.reads).toEqual({ devices: 1, rows: 100, tags: 1 });
    vi.advanceTimersByTime(10_000);
    await all();
    expect(r.reads).toEqual({ devices: 2, rows: 200, tags: 1 });
    r.editTemplate(['t1', 't2']);
    vi.advanceTimersByTime(10_000);
    for (const got of await all()) expect([...got.tags.keys()]).toEqual(['t1', 't2']);
    expect(r.reads).toEqual({ devices: 3, rows: 300, tags: 2 });
  });

  it('answers null for an SN bound to no device, and fails every waiter of a failed read', async () => {
    const r = registry(1);
    const cache = new DeviceCache(r.store);
    expect((await cache.get('NOPE')).device).toBeNull();
    const failing = {
      ...r.store,
      devicesBySn: () => Promise.reject(new Error('down')),
    } as unknown as StateStore;
    const broken = new DeviceCache(failing);
    const results = await Promise.allSettled([broken.get('SN1'), broken.get('SN1'), broken.get('SN2')]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected', 'rejected']);
  });

  it('spreads the devices’ re-reads over 3.75-6.25 s instead of all at 5 s', async () => {
    const r = registry(1000);
    const cache = new DeviceCache(r.store);
    for (const sn of r.sns) await cache.get(sn);
    const reread = (): Promise<number> =>
      r.sns.reduce(
        async (n, sn) => (await n) + ((await cache.get(sn)).loadedAt === Date.now() ? 1 : 0),
        Promise.resolve(0),
      );
    vi.advanceTimersByTime(3_700);
    expect(await reread()).toBe(0);
    vi.advanceTimersByTime(800); // 4.5 s after the first read
    const early = await reread();
    expect(early).toBeGreaterThan(100);
    expect(early).toBeLessThan(600);
    vi.advanceTimersByTime(1_800); // 6.3 s after the first read: every other one now
    expect(await reread()).toBe(1000 - early);
  });
});
