import { useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  /** True until the current `fetch` has answered (or failed) once. */
  loading: boolean;
  /** Loads again (e.g. after a change); resolves once the answer is in. */
  reload: () => Promise<void>;
}

interface State<T> {
  data: T | null;
  /** The fetch function whose answer `data` is. */
  source: (() => Promise<T>) | null;
}

/**
 * Loads `fetch()` (memoised by the caller) on mount and whenever it changes. A failure keeps the last
 * data (the client has shown the translated toast). Answers of a replaced `fetch` are dropped.
 */
export function useLoad<T>(fetch: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<State<T>>({ data: null, source: null });

  useEffect(() => {
    let alive = true;
    fetch().then(
      (data) => alive && setState({ data: data ?? null, source: fetch }),
      () => alive && setState((s) => ({ ...s, source: fetch })),
    );
    return () => {
      alive = false;
    };
  }, [fetch]);

  const reload = useCallback(
    () =>
      fetch().then(
        (data) => setState({ data: data ?? null, source: fetch }),
        () => undefined,
      ),
    [fetch],
  );

  return { data: state.data, loading: state.source !== fetch, reload };
}
