/**
 * Contract calls through the query cache. A read is cached under its call's key, `'GET /path'` then
 * its args, so every screen showing the same call with the same args shares one answer; a change
 * names the calls (or the domain, by path prefix) whose answers it makes stale, and those reload.
 * Errors still go through the API client: it shows the translated toast unless `handleError`.
 */
import { useCallback } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { CallDef, CallResponse } from '@hmi/contract';
import { call, type CallArgs, type CallOptions } from './client';

/** A call's cache key: its name (method and path), then its args. */
export type CallKey = readonly [name: string, args: unknown];

/** `'GET /alarm/webhooks'`: the first part of every key of the call, whatever its args. */
export const callName = (def: CallDef): string => `${def.method} ${def.path}`;

export const callKey = <C extends CallDef>(def: C, args: CallArgs<C>): CallKey => [callName(def), args];

/**
 * What a change makes stale: one call (whatever its args), or a domain by path prefix in whole
 * segments (`'/webhooks'`: `/webhooks`, `/webhooks/7/deliveries`, not `/webhooksx`).
 */
export type Invalidation = CallDef | { pathPrefix: string };

/** Whether `key` is a call key whose path lies under `prefix`. */
function underPath(key: QueryKey, prefix: string): boolean {
  const name = key[0];
  if (typeof name !== 'string') return false;
  const path = name.slice(name.indexOf(' ') + 1);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Marks the targets' answers stale; resolves once the ones on screen have reloaded. */
export async function invalidateCalls(client: QueryClient, targets: readonly Invalidation[]): Promise<void> {
  await Promise.all(
    targets.map((target) =>
      'pathPrefix' in target
        ? client.invalidateQueries({ predicate: (q) => underPath(q.queryKey, target.pathPrefix) })
        : client.invalidateQueries({ queryKey: [callName(target)] }),
    ),
  );
}

/**
 * Rewrites every cached answer of `def` (all args) with `patch`, e.g. from a live update; answers not
 * loaded yet stay unloaded.
 */
export function patchCallData<C extends CallDef>(
  client: QueryClient,
  def: C,
  patch: (data: CallResponse<C>) => CallResponse<C>,
): void {
  client.setQueriesData<CallResponse<C>>({ queryKey: [callName(def)] }, (data) =>
    data === undefined ? data : patch(data),
  );
}

// `call` takes its args as an optional parameter for calls without required parts; here they are
// always given, so one signature serves every call.
const send = call as <C extends CallDef>(
  def: C,
  args: CallArgs<C>,
  options: CallOptions,
) => Promise<CallResponse<C>>;

/** `useQuery`'s options (`enabled`, `select` giving `Data`, …) and the client's `handleError`. */
export interface CallQueryOptions<C extends CallDef, Data = CallResponse<C>> extends Omit<
  UseQueryOptions<CallResponse<C>, Error, Data, CallKey>,
  'queryKey' | 'queryFn'
> {
  /** The screen shows the error itself: the client shows no toast. */
  handleError?: boolean;
}

/** Loads `def` with `args` into the cache (again on mount, and when invalidated). */
export function useCallQuery<C extends CallDef, Data = CallResponse<C>>(
  def: C,
  args: CallArgs<C>,
  { handleError, ...options }: CallQueryOptions<C, Data> = {},
) {
  return useQuery({
    ...options,
    queryKey: callKey(def, args),
    // The signal ends the request when no screen wants the answer any more (silently: ERR_CANCELED).
    queryFn: ({ signal }) => send(def, args, { signal, handleError }),
  });
}

export interface CallMutationOptions {
  /** Reloaded after a success, before `mutateAsync` resolves (the screen then shows the change). */
  invalidates?: readonly Invalidation[];
  /** The screen shows the error itself: the client shows no toast. */
  handleError?: boolean;
}

/** A change through `def`: `mutateAsync(args)` answers the call's data or rejects with its error. */
export function useCallMutation<C extends CallDef>(
  def: C,
  { invalidates = [], handleError }: CallMutationOptions = {},
) {
  const client = useQueryClient();
  return useMutation<CallResponse<C>, Error, CallArgs<C>>({
    mutationFn: (args) => send(def, args, { handleError }),
    onSuccess: () => invalidateCalls(client, invalidates),
  });
}

/**
 * `invalidate(targets)` for changes not made through `useCallMutation` (a confirm dialog's call, a
 * shared modal): resolves once the targets on screen have reloaded.
 */
export function useInvalidate(): (targets: readonly Invalidation[]) => Promise<void> {
  const client = useQueryClient();
  return useCallback((targets) => invalidateCalls(client, targets), [client]);
}
