import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databases, TEST_POSTGRES_URL } from '../../test/databases';
import { migrate, openDatabase } from './index';

const postgres = databases.filter((d) => d.name === 'postgres');

/**
 * Kysely's migrator lists every schema's tables before it takes its lock; test suites (a schema each)
 * and instances starting together migrate side by side, so that read meets other schemas' DDL.
 */
describe.each(postgres)('migrations beside other schemas changing, $name', (database) => {
  it('migrates fresh schemas while another schema is created, altered and dropped over and over', async () => {
    // Another connection keeps making a schema with a table, renaming and dropping a column of it (as a
    // migration does), and dropping it all again, as fast as it can.
    const churn = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await churn.connect();
    let stop = false;
    let rounds = 0;
    const loop = (async () => {
      while (!stop) {
        const s = `churn_${randomBytes(4).toString('hex')}`;
        await churn.query(`create schema ${s}; create table ${s}.t (id serial primary key, a int, b int)`);
        await churn.query(`alter table ${s}.t rename column a to a2`);
        await churn.query(`alter table ${s}.t drop column b`);
        await churn.query(`drop schema ${s} cascade`);
        rounds += 1;
      }
    })();
    try {
      for (let i = 0; i < 6; i += 1) {
        const created = await database.create();
        const d = openDatabase({ databaseUrl: created.env.DATABASE_URL ?? '', dataDir: tmpdir() });
        try {
          expect((await migrate(d)).length).toBeGreaterThan(10);
        } finally {
          await d.close();
          await created.drop();
        }
      }
    } finally {
      stop = true;
      await loop;
      await churn.end();
    }
    expect(rounds).toBeGreaterThan(0);
  }, 60_000);
});
