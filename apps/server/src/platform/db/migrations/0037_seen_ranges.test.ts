import { describe, expect, it } from 'vitest';
import { databases } from '../../../test/databases';
import { withStoreAt } from '../../../test/migration-store';
import { migrate } from '../index';

describe.each(databases)('migration 0037 (seen ranges) on $name', (database) => {
  it('turns each anti-replay bitmap into the ranges it counted as seen, and back down', async () => {
    await withStoreAt(database, '0035_chatter_marks', async (store) => {
      const cursor = (sn: string, high_seq: number, window: string) => ({
        sn,
        high_seq,
        window,
        updated_at: 0,
      });
      await store.db
        .insertInto('ingest_cursor')
        .values([
          cursor('NONE', -1, '0'),
          // 99 and 98 seen in the live bitmap; everything 64 below 100 counted as seen.
          cursor('LIVE', 100, '0000000000000003'),
          // A drain under way: late numbers up to 5001 (5000 seen too), the live ones at 10000. Below the
          // late bitmap's reach (5001 - 1024) seen; 5002 to 9935 not yet.
          cursor('DRAIN', 10_000, '0000000000000000/5001/1'),
        ])
        .execute();
      await migrate(store);
      const windows = async () =>
        Object.fromEntries(
          (await store.db.selectFrom('ingest_cursor').select(['sn', 'window']).execute()).map((r) => [
            r.sn,
            r.window,
          ]),
        );
      expect(await windows()).toEqual({ NONE: '', LIVE: '0-35,98-100', DRAIN: '0-3976,5000-5001,10000' });

      await migrate(store, '0035_chatter_marks');
      expect(await windows()).toEqual({
        NONE: '0000000000000000',
        LIVE: '0000000000000003',
        DRAIN: '0000000000000000',
      });
    });
  });
});
