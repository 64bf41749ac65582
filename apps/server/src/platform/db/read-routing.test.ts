import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';

/** A promise and the function that settles it: a barrier a test opens when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(databases)('reads beside a long write transaction on $name', (database) => {
  const db = () => h.app.database.db;
  const team = (name: string) => db().selectFrom('teams').select('name').where('name', '=', name);

  const h = useHarness(database);

  /**
   * A transaction that writes a team, then holds its transaction open until `hold` opens; `written`
   * opens once its write ran.
   */
  function longWrite(name: string, hold: Promise<void>) {
    const written = gate();
    const done = db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('teams').values({ name, created_at: 1 }).execute();
        written.open();
        await hold;
      });
    return { written: written.opened, done };
  }

  it('answers a read while a transaction holds the writer, from the last commit', async () => {
    await db().insertInto('teams').values({ name: 'rr-before', created_at: 1 }).execute();
    const hold = gate();
    const tx = longWrite('rr-inside', hold.opened);
    await tx.written;
    // Only once the read answered is the transaction let go: a read queued behind it never answers.
    const read = db()
      .selectFrom('teams')
      .select('name')
      .where('name', 'like', 'rr-%')
      .orderBy('name')
      .execute();
    if (database.name === 'sqlite') {
      // SQLite answers on this turn of the event loop (the statement is synchronous on its connection).
      const first = await Promise.race([read, nextTurn().then(() => 'waited' as const)]);
      expect(first).not.toBe('waited');
    }
    expect(await read).toEqual([{ name: 'rr-before' }]);
    hold.open();
    await tx.done;
    expect(await team('rr-inside').execute()).toEqual([{ name: 'rr-inside' }]);
  });

  it('runs a transaction’s own reads on its connection: it sees what it wrote', async () => {
    const seen = await db()
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('teams').values({ name: 'rr-own', created_at: 1 }).execute();
        return trx.selectFrom('teams').select('name').where('name', '=', 'rr-own').execute();
      });
    expect(seen).toEqual([{ name: 'rr-own' }]);
  });

  it('queues a write outside a transaction behind it, and a second transaction too', async () => {
    const hold = gate();
    const tx = longWrite('rr-first', hold.opened);
    await tx.written;
    const order: string[] = [];
    const write = db()
      .insertInto('teams')
      .values({ name: 'rr-plain', created_at: 2 })
      .returning('id')
      .execute()
      .then((rows) => order.push(`plain ${rows.length}`));
    const second = longWrite('rr-second', Promise.resolve()).done.then(() => order.push('second'));
    void tx.done.then(() => order.push('first'));
    // A turn of the event loop for the others to run ahead if they could; SQLite's would have by then.
    await nextTurn();
    if (database.name === 'sqlite') expect(order).toEqual([]);
    hold.open();
    await Promise.all([tx.done, write, second]);
    // One writer on SQLite; PostgreSQL writes other rows beside it.
    if (database.name === 'sqlite') expect(order[0]).toBe('first');
    expect(order).toContain('plain 1');
    expect(order).toContain('second');
    const names = await db()
      .selectFrom('teams')
      .select('name')
      .where('name', 'in', ['rr-first', 'rr-plain', 'rr-second'])
      .orderBy('name')
      .execute();
    expect(names.map((r) => r.name)).toEqual(['rr-first', 'rr-plain', 'rr-second']);
  });

  it('lets the writer go when a transaction fails, keeping none of its writes', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('teams').values({ name: 'rr-undone', created_at: 1 }).execute();
          throw new Error('changed my mind');
        }),
    ).rejects.toThrow('changed my mind');
    // A failed statement inside (a duplicate primary key) as well.
    const [row] = await db().selectFrom('teams').select('id').limit(1).execute();
    await expect(
      db()
        .transaction()
        .execute((trx) =>
          trx
            .insertInto('teams')
            .values({ id: row?.id ?? 1, name: 'rr-dup', created_at: 1 })
            .execute(),
        ),
    ).rejects.toThrow();
    await db().insertInto('teams').values({ name: 'rr-after', created_at: 1 }).execute();
    expect(await team('rr-undone').execute()).toEqual([]);
    expect(await team('rr-after').execute()).toEqual([{ name: 'rr-after' }]);
  });
});
