/** A fixed-width text table: the head, a rule of dashes, then the body; columns two spaces apart. */
export function textTable(head: readonly string[], body: readonly (readonly string[])[]): string {
  const all = [head, ...body];
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: readonly string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
