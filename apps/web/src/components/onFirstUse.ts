/**
 * Code a control needs only once it is used (a picker's popup): fetched on the first hover, focus or
 * press of its light trigger rather than with the page, which keeps it out of the first load.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface OnFirstUse<T> {
  /** Starts the fetch (once); a failed one is tried again by the next call. */
  load(): Promise<T>;
  /** The module once loaded. */
  loaded(): T | null;
}

export function onFirstUse<T>(fetchModule: () => Promise<T>): OnFirstUse<T> {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load() {
      pending ??= fetchModule().then(
        (module) => (value = module),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => value,
  };
}

/**
 * The module of `source` once loaded, and `want`, which loads it; `wanted` says a press asked for the
 * popup before the code was there, so the caller opens it on arrival.
 */
export function useOnFirstUse<T>(source: OnFirstUse<T>): {
  module: T | null;
  wanted: boolean;
  prefetch: () => void;
  want: () => void;
} {
  const [module, setModule] = useState<T | null>(source.loaded);
  const [wanted, setWanted] = useState(false);
  const aliveRef = useRef(true);
  useEffect(() => {
    aliveRef.current = true;
    return () => {
      aliveRef.current = false;
    };
  }, []);
  const prefetch = useCallback(() => {
    if (source.loaded()) return;
    source.load().then(
      (loaded) => {
        if (aliveRef.current) setModule(() => loaded);
      },
      // Offline or a redeploy: the trigger stays and the next use tries again.
      () => undefined,
    );
  }, [source]);
  const want = useCallback(() => {
    setWanted(true);
    prefetch();
  }, [prefetch]);
  return { module, wanted, prefetch, want };
}
