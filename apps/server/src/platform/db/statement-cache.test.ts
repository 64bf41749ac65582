import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachingStatements } from './statement-cache';

/**
 * Readers answer through raw mode and a row builder per statement: every row must be the object
 * better-sqlite3 itself makes, the same keys in the same order with the same values.
 */
describe('statement cache of the SQLite connection', () => {
  let dir: string;
  let db: SQLite.Database;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'stmt-cache-'));
    db = new SQLite(join(dir, 'test.sqlite'));
    db.exec(`
      create table t (id integer primary key, name text, n real, b blob, missing text);
      create table u (id integer primary key, t_id integer, name text);
      insert into t values (1, 'one', 1.5, x'0102', null), (2, 'two', -3, null, null);
      insert into u values (10, 1, 'u-one');
    `);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The rows better-sqlite3 answers in its own object mode. */
  const objects = (text: string, params: unknown[] = []) => db.prepare(text).all(params);

  it.each([
    ['select * from t order by id', []],
    ['select t.*, u.name as u_name from t left join u on u.t_id = t.id order by t.id', []],
    // A repeated name: the first position, the last value.
    ['select t.id, u.id, t.name, u.name from t join u on u.t_id = t.id', []],
    ['select count(*) as n, max(name) from t where id > ?', [0]],
    ['select * from t where id = ?', [99]],
  ])('answers %s as object mode does', (text, params) => {
    const cached = cachingStatements(db).prepare(text);
    const rows = cached.all(params);
    expect(rows).toEqual(objects(text, params));
    expect(rows.map((r) => Object.keys(r as object))).toEqual(
      objects(text, params).map((r) => Object.keys(r as object)),
    );
  });

  it('answers writes with returning, streams and a statement still streaming', () => {
    const conn = cachingStatements(db);
    const inserted = conn
      .prepare('insert into t (id, name) values (?, ?) returning id, name')
      .all([3, 'three']);
    expect(inserted).toEqual([{ id: 3, name: 'three' }]);
    expect(conn.prepare('update t set n = ? where id = ?').run([7, 3]).changes).toBe(1);
    const text = 'select id, n from t order by id';
    const stream = conn.prepare(text).iterate([]);
    expect(stream.next().value).toEqual({ id: 1, n: 1.5 });
    // The same text while the first is mid-way: a statement of its own.
    expect(conn.prepare(text).all([])).toEqual(objects(text));
    expect([...stream]).toEqual([
      { id: 2, n: -3 },
      { id: 3, n: 7 },
    ]);
  });

  it('answers the columns a schema change brought, on this connection or another', () => {
    const conn = cachingStatements(db);
    const text = 'select * from t where id = ?';
    expect(conn.prepare(text).all([1])).toEqual([
      { id: 1, name: 'one', n: 1.5, b: Buffer.from([1, 2]), missing: null },
    ]);
    conn.prepare('alter table t add column extra text').run([]);
    expect(conn.prepare(text).all([1])).toEqual(objects(text, [1]));
    expect(Object.keys(conn.prepare(text).all([1])[0] as object)).toContain('extra');

    const other = new SQLite(join(dir, 'test.sqlite'));
    other.exec("alter table t add column more text default 'm'");
    other.close();
    expect(conn.prepare(text).all([1])).toEqual(objects(text, [1]));
    expect(conn.prepare(text).all([1])).toMatchObject([{ more: 'm' }]);
  });

  it('leaves a column named __proto__ to object mode', () => {
    const text = 'select 1 as "__proto__", 2 as x';
    const rows = cachingStatements(db).prepare(text).all([]);
    expect(rows).toEqual(objects(text));
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.getPrototypeOf(objects(text)[0]));
  });
});
