/**
 * Events trigger a refresh "with 300 ms debounce". The first event of a burst refreshes
 * at once (a lone change shows without delay) and the rest of the burst folds into one refresh
 * when it has been quiet for the wait; the pages' own fetches then see one call per burst.
 */
export const REFRESH_DEBOUNCE_MS = 300;

export function createRefreshScheduler<T>(run: (latest: T) => void, waitMs = REFRESH_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: { value: T } | undefined;
  const settle = () => {
    timer = undefined;
    if (!pending) return;
    const { value } = pending;
    pending = undefined;
    run(value);
    timer = setTimeout(settle, waitMs);
  };
  return {
    schedule(value: T) {
      if (timer === undefined) {
        run(value);
        timer = setTimeout(settle, waitMs);
        return;
      }
      pending = { value };
      clearTimeout(timer);
      timer = setTimeout(settle, waitMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
