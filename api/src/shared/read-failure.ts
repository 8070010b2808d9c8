// One rule for a live read that failed: why, in words, and a bound that ends the wait. Network verification and
// the technical overview read other nodes (an EVM node, Horizon, rippled) and show why a read failed; no error's own
// text is passed on as it came, because an RPC URL may carry an API key.

/** Thrown when a read's signal ends before it answered. */
export class ReadTimeoutError extends Error {
  override readonly name = "ReadTimeoutError";
}

/** The read, or a ReadTimeoutError once `signal` aborts (AbortSignal.timeout: the read's time is up). */
export function beforeAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined);
  if (signal.aborted) return Promise.reject(new ReadTimeoutError("aborted"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ReadTimeoutError("aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const SYSTEM_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host name not resolved (no DNS answer: offline?)",
  EAI_AGAIN: "host name not resolved (no DNS answer: offline?)",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "connection timed out",
  CERT_HAS_EXPIRED: "TLS certificate expired",
};

/** Why a read failed, in words: a timeout, a system error code, an HTTP status; never the error's own text. */
export function failureText(err: unknown, timeoutMs: number): string {
  let e: unknown = err;
  for (let depth = 0; e && depth < 8; depth++) {
    const { name, code, status, message } = e as { name?: string; code?: unknown; status?: unknown; message?: unknown };
    if (e instanceof ReadTimeoutError || name === "TimeoutError" || name === "AbortError")
      return `no answer within ${timeoutMs / 1000} s`;
    if (typeof code === "string" && SYSTEM_CODES[code]) return SYSTEM_CODES[code];
    if (typeof status === "number" && status >= 400) return `answered HTTP ${status}`;
    if (typeof message === "string") {
      // xrpl.js wraps the socket's error into its message only.
      const found = Object.keys(SYSTEM_CODES).find((c) => message.includes(c));
      if (found) return SYSTEM_CODES[found]!;
      if (/timed out|timeout/i.test(message)) return `no answer within ${timeoutMs / 1000} s`;
      // fetch refuses the ports the Fetch standard blocks (1, 25, 6000…) before connecting.
      if (message === "bad port") return "not asked: fetch refuses this port (a blocked port)";
      if (/method .*(not found|not supported|does not exist)/i.test(message))
        return "the node does not offer this method";
    }
    e = (e as { cause?: unknown }).cause;
  }
  return `the request failed (${err instanceof Error ? err.name : typeof err})`;
}
