import { useCallback, useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import type { CallDef } from '@hmi/contract';
import { callKey, useCallQuery } from '../api/callQuery';
import type { CallArgs } from '../api/client';
import type { Query } from '../api/types';
import { usePagination } from './usePagination';

/** A list call answering one page and the total. */
type PagedCall = CallDef & { response: { _zod: { output: { total: number } } } };

/** The path parameters of `C` as a trailing argument, when it has any. */
type ParamsArg<C> = CallArgs<C> extends { params: infer P } ? [params: P] : [];

/**
 * A paged list driven by its query: loads `def` with the query (and `params`) again whenever the
 * query changes, keeping the last page on screen meanwhile; `filter` changes the query and goes back
 * to page 1; `reset` goes back to the first query (and loads again even if nothing had changed).
 */
export function usePagedCall<C extends PagedCall>(def: C, firstQuery: Query<C>, ...[params]: ParamsArg<C>) {
  const client = useQueryClient();
  const [first] = useState(firstQuery);
  const [query, setQuery] = useState<Query<C>>(first);
  const argsOf = useCallback(
    (q: Query<C>) => ({ query: q, ...(params === undefined ? {} : { params }) }) as CallArgs<C>,
    [params],
  );
  const result = useCallQuery(def, argsOf(query), { placeholderData: keepPreviousData });
  const pagination = usePagination(query, setQuery, result.data?.total);
  const filter = useCallback(
    (patch: Partial<Query<C>>) => setQuery((q) => ({ ...q, ...patch, page: 1 })),
    [],
  );
  const reset = useCallback(() => {
    setQuery({ ...first });
    void client.invalidateQueries({ queryKey: callKey(def, argsOf(first)), exact: true });
  }, [client, def, argsOf, first]);
  return {
    data: result.data,
    /** True until the current query has answered (or failed) once; the last page shows meanwhile. */
    loading: result.isPending || result.isPlaceholderData,
    refetch: result.refetch,
    query,
    pagination,
    filter,
    reset,
  };
}
