import { useCallback, useState } from 'react';
import { useLoad } from './useLoad';
import { usePagination } from './usePagination';

/**
 * A paged list driven by its query: loads `list(query)` (a stable function, e.g. of `api/`) again
 * whenever the query changes; `filter` changes the query and goes back to page 1; `reset` goes back
 * to the first query (and loads again even if nothing had changed).
 */
export function usePagedList<Q extends { page?: unknown; pageSize?: unknown }, R extends { total: number }>(
  list: (query: Q) => Promise<R>,
  firstQuery: NoInfer<Q>,
) {
  const [first] = useState(firstQuery);
  const [query, setQuery] = useState<Q>(first);
  const fetch = useCallback(() => list(query), [list, query]);
  const loaded = useLoad(fetch);
  const pagination = usePagination(query, setQuery, loaded.data?.total);
  const filter = useCallback((patch: Partial<Q>) => setQuery((q) => ({ ...q, ...patch, page: 1 })), []);
  const reset = useCallback(() => setQuery({ ...first }), [first]);
  return { ...loaded, query, pagination, filter, reset };
}
