// One part of the landing summary, bounded in time: a part slower than its bound, or failing, answers its last value
// (or "not read") with the reason, and the call never waits longer. A slow read is not started again while it runs:
// the next summary joins it, and its value, once it arrives, is the part's last value.
import type { PartState } from "./landing.constants";

export interface PartAnswer<T> {
  state: PartState;
  value: T | null;
  /** When `value` was computed. */
  readAt: Date | null;
  reason: string | null;
}

type Outcome<T> = { ok: true; value: T; at: Date } | { ok: false; error: string };

const MAX_REASON = 300;

export function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text;
}

export function boundedPart<T>(
  load: () => Promise<T> | T,
  timeoutMs: number,
  now: () => Date = () => new Date(),
): () => Promise<PartAnswer<T>> {
  let last: { value: T; at: Date } | null = null;
  let running: Promise<Outcome<T>> | null = null;

  function start(): Promise<Outcome<T>> {
    // Never rejects: a late failure must not be an unhandled rejection once nobody waits for it.
    const run = Promise.resolve()
      .then(load)
      .then(
        (value): Outcome<T> => {
          const at = now();
          last = { value, at };
          return { ok: true, value, at };
        },
        (err: unknown): Outcome<T> => ({ ok: false, error: errorText(err) }),
      )
      .finally(() => {
        if (running === run) running = null;
      });
    return run;
  }

  return async () => {
    const run = (running ??= start());
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const outcome = await Promise.race([run, timedOut]);
    clearTimeout(timer);
    if (outcome?.ok) return { state: "fresh", value: outcome.value, readAt: outcome.at, reason: null };
    const why = outcome ? `failed: ${outcome.error}` : `no answer within ${timeoutMs} ms (still reading)`;
    const previous = last as { value: T; at: Date } | null;
    return previous
      ? { state: "last-value", value: previous.value, readAt: previous.at, reason: `${why}; showing the last value` }
      : { state: "not-read", value: null, readAt: null, reason: why };
  };
}
