import { beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { CompiledQueries } from './compiled-queries';
import type { Queryable } from './sql';

describe.each(databases)('statements compiled once per input shape on $name', (database) => {
  const h = useHarness(database);
  beforeAll(async () => {
    for (const [name, created_at] of [
      ['cq-a', 10],
      ['cq-b', 20],
      ['cq-c', 20],
      ['cq-d', 30],
    ] as const) {
      await h.app.database.db.insertInto('teams').values({ name, created_at }).execute();
    }
  });

  type Input = { names: readonly string[]; createdAt: number | undefined; limit: number };

  /** Teams among `names` (created at `createdAt` when given), by id, and how often SQL was built. */
  function finder(size?: number) {
    const compiled = new CompiledQueries(size);
    let builds = 0;
    const find = (input: Input, q: Queryable = h.app.database.db) =>
      compiled.rows(q, 'teams', input, (i) => {
        builds += 1;
        let s = h.app.database.db.selectFrom('teams').select('name').where('name', 'in', i.names);
        if (i.createdAt !== undefined) s = s.where('created_at', '=', i.createdAt);
        // A constant of the statement, kept as it was compiled.
        return s.where('id', '>', 0).orderBy('id').limit(i.limit);
      });
    return { find, builds: () => builds };
  }
  const names = (rows: readonly { name: string }[]) => rows.map((r) => r.name);

  it('runs a shape’s statement with each input’s values', async () => {
    const { find, builds } = finder();
    expect(names(await find({ names: ['cq-a', 'cq-b'], createdAt: undefined, limit: 10 }))).toEqual([
      'cq-a',
      'cq-b',
    ]);
    expect(names(await find({ names: ['cq-c', 'cq-d'], createdAt: undefined, limit: 1 }))).toEqual(['cq-c']);
    expect(names(await find({ names: ['cq-a', 'cq-x'], createdAt: undefined, limit: 10 }))).toEqual(['cq-a']);
    expect(builds()).toBe(1);
  });

  it('compiles again for another list length or another absent field', async () => {
    const { find, builds } = finder();
    const all = ['cq-a', 'cq-b', 'cq-c', 'cq-d'];
    expect(names(await find({ names: all, createdAt: undefined, limit: 10 }))).toEqual(all);
    expect(names(await find({ names: ['cq-d'], createdAt: undefined, limit: 10 }))).toEqual(['cq-d']);
    expect(names(await find({ names: all, createdAt: 20, limit: 10 }))).toEqual(['cq-b', 'cq-c']);
    expect(names(await find({ names: all, createdAt: 30, limit: 10 }))).toEqual(['cq-d']);
    expect(names(await find({ names: all, createdAt: undefined, limit: 2 }))).toEqual(['cq-a', 'cq-b']);
    expect(builds()).toBe(3);
  });

  it('keeps the shapes used last when full: a shape in use is not compiled again', async () => {
    const { find, builds } = finder(2);
    const shape = (n: number) =>
      find({ names: ['cq-a', 'cq-b', 'cq-c'].slice(0, n), createdAt: undefined, limit: 9 });
    await shape(1);
    await shape(2);
    await shape(1);
    await shape(3);
    expect(builds()).toBe(3);
    // The first shape was used after the second: the third took the second's place.
    expect(names(await shape(1))).toEqual(['cq-a']);
    expect(builds()).toBe(3);
    expect(names(await shape(2))).toEqual(['cq-a', 'cq-b']);
    expect(builds()).toBe(4);
  });

  it('runs inside a transaction, which sees its own writes', async () => {
    const { find } = finder();
    await h.app.database.db.transaction().execute(async (trx) => {
      await trx.insertInto('teams').values({ name: 'cq-e', created_at: 40 }).execute();
      expect(names(await find({ names: ['cq-e'], createdAt: 40, limit: 5 }, trx))).toEqual(['cq-e']);
    });
    expect(names(await find({ names: ['cq-e'], createdAt: 40, limit: 5 }))).toEqual(['cq-e']);
  });
});
