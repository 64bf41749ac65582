import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { NamedTeamTable } from './repo-base';
import type { Database } from './schema';
import type { Queryable } from './sql';

/** Tables whose rows belong to a team (`team_id`) and are addressed by `id`. */
export type TeamTable = NamedTeamTable | 'alarm_groups' | 'screens';

/** The team's row of `table` with that id; undefined when there is none or it is another team's. */
export function teamRow<T extends TeamTable>(
  q: Queryable,
  table: T,
  teamId: number,
  id: number,
): Promise<Selectable<Database[T]> | undefined> {
  // Every TeamTable has id and team_id; the query is typed on one of them.
  return q
    .selectFrom(table as 'roles')
    .selectAll()
    .where('team_id', '=', teamId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<Selectable<Database[T]> | undefined>;
}

/** The id of the team's row of `table` named `name`, if there is one. */
export async function namedRowId(
  q: Queryable,
  table: NamedTeamTable,
  teamId: number,
  name: string,
): Promise<number | undefined> {
  const r = await q
    .selectFrom(table as 'roles')
    .select('id')
    .where('team_id', '=', teamId)
    .where('name', '=', name)
    .executeTakeFirst();
  return r?.id;
}

/** Whether the query selects any row (it reads one at most). */
export async function anyRow<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<boolean> {
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
