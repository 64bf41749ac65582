import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from './schema';
import { containsIgnoringCase, type Queryable } from './sql';

/** The database of a module's repo, and transactions its service opens over it. */
export abstract class RepoBase {
  constructor(readonly db: Kysely<Database>) {}

  transaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }
}

/** Tables whose rows belong to a team and carry a name the team may use once. */
export type NamedTeamTable =
  'device_groups' | 'devices' | 'labels' | 'projects' | 'roles' | 'templates' | 'zones';

/** Whether the team already has a row of `table` named `name` (other than `exceptId`). */
export async function nameTaken(
  q: Queryable,
  table: NamedTeamTable,
  teamId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  // Every NamedTeamTable has id, team_id and name; the query is typed on one of them.
  let s = q
    .selectFrom(table as 'roles')
    .select('id')
    .where('team_id', '=', teamId)
    .where('name', '=', name);
  if (exceptId !== null) s = s.where('id', '!=', exceptId);
  return (await s.executeTakeFirst()) !== undefined;
}

/** How many rows of `table` the team has. */
export async function teamCount(q: Queryable, table: NamedTeamTable, teamId: number): Promise<number> {
  const r = await q
    .selectFrom(table as 'roles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** One page of the team's roles or zones, oldest first, keyword on the name, with the total. */
export async function namedPage<T extends 'roles' | 'zones'>(
  db: Kysely<Database>,
  table: T,
  teamId: number,
  keyword: string | undefined,
  offset: number,
  limit: number,
) {
  let q = db.selectFrom(table as 'roles').where('team_id', '=', teamId);
  if (keyword) q = q.where(sql`lower(name)`, 'like', containsIgnoringCase(keyword));
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy('id').offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Selectable<Database[T]>[], total: Number(total.n) };
}
