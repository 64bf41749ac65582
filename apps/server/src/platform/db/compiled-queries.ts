import { createQueryId, type Compilable, type CompiledQuery } from 'kysely';
import type { Queryable } from './sql';

/** Where the input value `index` goes in a compiled statement's parameters. */
class Slot {
  constructor(readonly index: number) {}
}

type Value = string | number | bigint;

/**
 * A statement's input: values, lists of values, and absent fields (null or undefined). Which fields
 * are absent and how long each list is make its shape; the values themselves never change the SQL.
 */
export type ShapedInput = Record<string, Value | readonly Value[] | null | undefined>;

/**
 * Statements compiled once per shape of their input. Kysely builds an immutable tree for every
 * statement, a copy at each call of the builder, and compiles it to SQL anew: for the device list's
 * page and total that cost more than SQLite answering them. Here `build` runs on the first input of
 * a shape, with a placeholder in place of each value (and each list item); the SQL it compiles to is
 * kept, and later inputs of that shape run it with their values put where the placeholders were.
 *
 * So `build` may test a field for null or undefined and use its value in the statement only: it must
 * not compare, compute with or inspect a value (the first input's would be kept), and must take
 * everything it uses from `input` (nothing from its closure). Normalise values that choose SQL (an
 * empty keyword meaning no filter) into absent fields before.
 *
 * One instance per database (a repo's field): the SQL is its dialect's.
 */
export class CompiledQueries {
  private readonly compiled = new Map<string, CompiledQuery>();

  constructor(private readonly size = 128) {}

  async rows<I extends ShapedInput, R>(
    q: Queryable,
    name: string,
    input: I,
    build: (input: I) => Compilable<R>,
  ): Promise<R[]> {
    const values: Value[] = [];
    let key = name;
    for (const field in input) {
      const v: ShapedInput[string] = input[field];
      if (v === null || v === undefined) key += ` ${field}:${String(v)}`;
      else if (typeof v === 'object') {
        key += ` ${field}:${v.length}`;
        values.push(...v);
      } else {
        key += ` ${field}`;
        values.push(v);
      }
    }
    let compiled = this.compiled.get(key);
    // Least recently used first in the map's order: a hit moves to the end, the first one goes.
    if (compiled) this.compiled.delete(key);
    else compiled = build(slotted(input)).compile();
    this.compiled.set(key, compiled);
    if (this.compiled.size > this.size) {
      const stalest = this.compiled.keys().next().value;
      if (stalest !== undefined) this.compiled.delete(stalest);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    const result = await q.executeQuery<R>({ ...compiled, parameters, queryId: createQueryId() });
    return result.rows;
  }
}

/** `input` with a Slot in place of each value, numbered in the order `rows` collects the values. */
function slotted<I extends ShapedInput>(input: I): I {
  let next = 0;
  const out: Record<string, unknown> = {};
  for (const field in input) {
    const v: ShapedInput[string] = input[field];
    if (v === null || v === undefined) out[field] = v;
    else if (typeof v === 'object') out[field] = v.map(() => new Slot(next++));
    else out[field] = new Slot(next++);
  }
  // The builder sees values of the declared types; what it does with them is limited as above.
  return out as I;
}
