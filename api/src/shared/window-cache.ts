// One answer for every caller for a fixed window, however many ask and whatever is written meanwhile: for a page
// every visitor opens (the landing's summary, the congressional figures), where MomentCache's rule (any write in
// the process renews it) would recompute on a busy server far more often than once a window.

export interface WindowCache<T> {
  /** The value of this window: the same promise for every caller until it is `windowMs` old. */
  get(): Promise<T>;
  /** How many values were computed (the cache's misses), for the tests and the logs. */
  computedCount(): number;
}

export function windowCache<T>(windowMs: number, compute: () => Promise<T>): WindowCache<T> {
  let current: { at: number; value: Promise<T> } | null = null;
  let computed = 0;
  return {
    get() {
      if (current && Date.now() - current.at < windowMs) return current.value;
      computed++;
      const value = compute();
      current = { at: Date.now(), value };
      // A failure is not kept for the whole window: the next caller computes again.
      value.catch(() => {
        if (current?.value === value) current = null;
      });
      return value;
    },
    computedCount: () => computed,
  };
}
