import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, migrate, openDatabase, type Db } from '.';

/**
 * A write that keeps SQLite busy for a while: an update whose condition counts three million rows of
 * a recursive CTE for each team row (it changes nothing; beforeAll makes sure a row is there, else
 * SQLite never evaluates the condition and the write ends at once).
 */
const slowWrite = sql`update teams set name = name where (
  with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000)
  select count(*) from c) < 0`;

/** The SQLite file's writer runs on a thread of its own (sqlite-writer.ts). */
describe('SQLite writer thread', () => {
  let dir: string;
  let d: Db;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hmi-writer-'));
    d = openDatabase({ databaseUrl: null, dataDir: dir });
    await migrate(d);
    await d.db.insertInto('teams').values({ name: 'writer-anchor', created_at: 1 }).execute();
  });
  afterAll(async () => {
    await d.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves the event loop free while a write runs: a turn passes before it answers', async () => {
    const write = slowWrite.execute(d.db).then(() => 'written' as const);
    // On the event loop's own connection the statement would run to its end before any other turn.
    expect(await Promise.race([write, nextTurn().then(() => 'turned' as const)])).toBe('turned');
    expect(await write).toBe('written');
  });

  it('answers reads on the event loop meanwhile, from the last commit', async () => {
    await d.db.insertInto('teams').values({ name: 'writer-before', created_at: 1 }).execute();
    const write = slowWrite.execute(d.db);
    const read = d.db.selectFrom('teams').select('name').where('name', '=', 'writer-before').execute();
    expect(await Promise.race([read, write.then(() => 'write first' as const)])).toEqual([
      { name: 'writer-before' },
    ]);
    await write;
  });

  it('gives back what a transaction reads, blobs as Buffers, and SQLite’s error codes', async () => {
    const blob = Buffer.from([1, 2, 3, 250]);
    const got = await d.db.transaction().execute(async (trx) => {
      const row = await sql<{ b: Buffer; n: number }>`select ${blob} as b, 42 as n`.execute(trx);
      return row.rows[0];
    });
    expect(Buffer.isBuffer(got?.b)).toBe(true);
    expect(got).toEqual({ b: blob, n: 42 });
    const duplicate = d.db.insertInto('teams').values({ id: 1, name: 'again', created_at: 1 }).execute();
    const err: unknown = await duplicate.catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(err).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
  });

  it('rolls a failed transaction back whole', async () => {
    const failed = d.db.transaction().execute(async (trx) => {
      await trx.insertInto('teams').values({ name: 'writer-rolled-back', created_at: 1 }).execute();
      throw new Error('stop');
    });
    await expect(failed).rejects.toThrow('stop');
    const rows = await d.db
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'writer-rolled-back')
      .execute();
    expect(rows).toEqual([]);
  });
});
