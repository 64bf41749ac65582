import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from './schema';

/** Where a repo method runs: the database itself or a transaction a service opened. */
export type Queryable = Kysely<Database> | Transaction<Database>;

/** A case-insensitive `%text%` pattern with LIKE's wildcards escaped (pair with `escape '\'`). */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) like '%keyword%' escape '\'`, the keyword filter every list shares. */
export function containsIgnoringCase(keyword: string): RawBuilder<string> {
  return escapedLike(likePattern(keyword));
}

/** The LIKE pattern of a keyword filter, undefined when there is no keyword (absent or empty). */
export function keywordPattern(keyword: string | undefined): string | undefined {
  return keyword ? likePattern(keyword) : undefined;
}

/** `pattern escape '\'` for a pattern likePattern made (or a compiled statement's placeholder of one). */
export function escapedLike(pattern: string): RawBuilder<string> {
  return sql<string>`${pattern} escape '\\'`;
}

/** The OFFSET and LIMIT of one page (pages count from 1). */
export function pageWindow(page: number, pageSize: number): { offset: number; limit: number } {
  return { offset: (page - 1) * pageSize, limit: pageSize };
}

/** How many rows a query selects (its filters kept, its columns replaced by the count). */
export async function countOf<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Generic builders lose the selection's key, so the count row is read as what it is: { n }.
  const r = (await q
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()) as unknown as {
    n: number | string | bigint;
  };
  return Number(r.n);
}

/** A page of rows and the total, queried together. */
export async function withTotal<T>(
  rows: Promise<T[]>,
  total: Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const [list, n] = await Promise.all([rows, total]);
  return { rows: list, total: n };
}
