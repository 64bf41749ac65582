import { useCallback, useState } from 'react';
import { useErrorToast } from './errors';

/** For calls made without `handleError`: the client has already shown the translated toast. */
export const toastedByClient = (): void => undefined;

/**
 * Which action of a screen is running (its button spins, rival buttons wait). `run` marks the action
 * busy until it settles; a failure goes to `onError`, by default the translated error toast.
 */
export function useBusy<K extends string>() {
  const fail = useErrorToast();
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(
    async (kind: K, action: () => Promise<unknown>, onError: (error: unknown) => void = fail) => {
      setBusy(kind);
      try {
        await action();
      } catch (error) {
        onError(error);
      } finally {
        setBusy(null);
      }
    },
    [fail],
  );
  return { busy, run };
}
