import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

export type WriteListener = (table: string) => void;

/** The table a TableNode (or an aliased one) names; null for anything else. */
function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  const n = node as OperationNode & { table?: { identifier?: { name?: unknown } }; node?: OperationNode };
  if (n.kind === 'AliasNode') return tableName(n.node);
  if (n.kind !== 'TableNode') return null;
  const name = n.table?.identifier?.name;
  return typeof name === 'string' ? name : null;
}

/** `insert into`, `update` or `delete from` a table, in raw SQL (a quoted or plain name). */
const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi;

/** Tables a statement writes: its target, or every one raw SQL writes. */
export function writtenTables(node: RootOperationNode): string[] {
  switch (node.kind) {
    case 'InsertQueryNode':
      return [tableName(node.into)].filter((t): t is string => t !== null);
    case 'UpdateQueryNode':
      return [tableName(node.table)].filter((t): t is string => t !== null);
    case 'DeleteQueryNode':
      return node.from.froms.map(tableName).filter((t): t is string => t !== null);
    case 'RawNode':
      return [...node.sqlFragments.join('?').matchAll(RAW_WRITE)].map((m) => m[1] ?? '');
    default:
      return [];
  }
}

/**
 * Tells listeners which tables a statement is about to write, as Kysely compiles it (on either
 * engine, inside transactions too). Caches of rows that change rarely but are read on every request
 * (the session behind an access token) drop what they hold at the first write, whatever module
 * wrote. Cascades are not seen: a listener watches the table a cascade starts from too.
 */
export class WriteWatch implements KyselyPlugin {
  private readonly listeners = new Set<WriteListener>();

  on(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.listeners.size && args.node.kind !== 'SelectQueryNode')
      for (const table of writtenTables(args.node)) for (const l of this.listeners) l(table);
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
