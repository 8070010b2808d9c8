// Time bounds shared by the ledger clients: a request must answer (live or simulated) within 3 s, so every
// network step gets what is left of one budget instead of its own fixed timeout.

/** Thrown when a bounded step runs out of time; the selector treats it like an unreachable ledger. */
export class LedgerTimeoutError extends Error {
  override readonly name = "LedgerTimeoutError";
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} timed out after ${ms} ms`);
  }
}

/** Rejects with LedgerTimeoutError after `ms`; the timer never keeps the process alive. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LedgerTimeoutError(what, ms)), Math.max(0, ms));
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export class Deadline {
  private readonly endsAt: number;
  constructor(readonly budgetMs: number) {
    this.endsAt = Date.now() + budgetMs;
  }
  remaining(): number {
    return Math.max(0, this.endsAt - Date.now());
  }
  expired(): boolean {
    return this.remaining() === 0;
  }
  /** An AbortSignal for one fetch that ends with the budget (at least 1 ms, so an exhausted budget aborts). */
  signal(): AbortSignal {
    return AbortSignal.timeout(Math.max(1, this.remaining()));
  }
  bound<T>(promise: Promise<T>, what: string): Promise<T> {
    return withTimeout(promise, this.remaining(), what);
  }
}

/** host[:port] of a URL, never its credentials, path or query. */
export function endpointOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "invalid-endpoint";
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
