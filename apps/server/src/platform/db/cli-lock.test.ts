import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { runAdmin } from '../../test/admin-cli';

/** The CLI's exit and its whole output (stdout and stderr). */
const admin = async (dataDir: string, args: string[]) => {
  const r = await runAdmin(dataDir, args);
  return { code: r.code, output: r.stdout + r.stderr };
};

/**
 * The operator CLI opens the SQLite file the running server holds. Both sides' write transactions
 * take the write lock when they begin and wait for it (busy timeout), so neither answers "database is
 * locked" because the other one wrote.
 */
describe('operator CLI beside a running SQLite server', () => {
  const h = useHarness(sqliteDatabase);

  it('device:register succeeds while the app writes in transactions all the time', async () => {
    const db = h.app.database.db;
    let stop = false;
    let appWrites = 0;
    // The app's kind of write: a transaction that reads, then writes (as ingest and the services do).
    const traffic = (async () => {
      for (let i = 0; !stop; i++) {
        await db.transaction().execute(async (trx) => {
          await trx.selectFrom('hardware').select('id').limit(1).execute();
          await trx
            .insertInto('hardware')
            .values({ sn: `LOAD${i}`, pin_hash: 'x', model: 'X10', secret_hash: 'x', created_at: 0 })
            .execute();
          await trx.deleteFrom('hardware').where('sn', '=', `LOAD${i}`).execute();
        });
        appWrites += 1;
        await new Promise((r) => setImmediate(r));
      }
    })();
    const runs = [];
    try {
      for (let n = 0; n < 4; n++)
        runs.push(
          await admin(h.dataDir, [
            'device:register',
            '--sn',
            `CLILOCK${n}`,
            '--pin',
            '1234',
            '--model',
            'X10',
          ]),
        );
    } finally {
      stop = true;
      await traffic;
    }
    for (const r of runs) {
      expect(r.output).not.toMatch(/database is locked/i);
      expect(r.code, r.output).toBe(0);
    }
    const registered = await db.selectFrom('hardware').select('sn').where('sn', 'like', 'CLILOCK%').execute();
    expect(registered).toHaveLength(4);
    expect(appWrites).toBeGreaterThan(0);
    // Four CLI processes start one after another (each compiles the CLI through tsx): the suite's 20 s
    // fits them only on an idle machine.
  }, 90_000);
});
