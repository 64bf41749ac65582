/** Rows (or ids) per statement, well below either engine's limit of parameters. */
const PART = 400;

/** `rows` in consecutive parts of at most `size`. */
export function partsOf<T>(rows: readonly T[], size = PART): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
