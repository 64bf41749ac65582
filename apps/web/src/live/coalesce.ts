/**
 * Runs `fn` now, or once more after the run in flight when asked again meanwhile: a burst of calls
 * costs at most two runs, and the last one starts after the last call.
 */
export function coalesced(fn: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void fn()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return run;
}
