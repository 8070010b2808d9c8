// Sends the suite's probes within its bounds and records each exchange as evidence. Bounds: a request count
// and a deadline for the whole run (a probe past either is not sent, and the run says which bound stopped it),
// a timeout per request, and the target's own write rate limit: once it answers 429, or its RateLimit header
// says nothing remains, write probes are not sent (counted in `writeProbesNotSent`), never retried around it.
import type { HttpExchange, HttpSendOptions } from "../../../http/self-target";
import type { SecurityEvidence } from "../security.schemas";

/** One HTTP exchange with the target: a path (and query) on it. */
export type SendFn = (path: string, options: HttpSendOptions) => Promise<HttpExchange>;

export interface ProbeBudget {
  maxRequests: number;
  maxMs: number;
  requestTimeoutMs: number;
}

export interface ProbeSpec {
  /** What the probe tries, in words. */
  probe: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Counts against the target's write rate limit. */
  write: boolean;
  /** Bytes of the answer kept (default 64 KB). */
  maxBodyBytes?: number;
  /** Response headers to keep in the evidence besides the usual ones. */
  keepHeaders?: readonly string[];
  /** The body as the evidence shows it, when the one sent holds a secret (a sign-in's password). */
  bodyInEvidence?: string;
}

export type ProbeOutcome =
  | {
      sent: true;
      exchange: HttpExchange | null;
      error: string | null;
      rateLimited: boolean;
      evidence: Omit<SecurityEvidence, "finding">;
    }
  | { sent: false; why: "budget" | "rate-limit" };

const EXCERPT = 160;
const REQUEST_HEADERS = ["origin", "sec-fetch-site", "content-type", "cookie", "host"];
const RESPONSE_HEADERS = ["content-type", "set-cookie", "retry-after", "location"];
/** Header checks keep these too (long, and the same on every answer: not kept elsewhere). */
export const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options"];

export const excerpt = (text: string, max = EXCERPT) =>
  text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
/** Cookie values are secrets of the run's session: shown as name and attributes only. */
export const maskCookie = (c: string) =>
  c.replace(/^([^=]+)=([^;]*)/, (_m, name: string, value: string) => `${name}=${value ? "<masked>" : ""}`);

function pickRequestHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const key = k.toLowerCase();
    if (!REQUEST_HEADERS.includes(key)) continue;
    out[key] = key === "cookie" ? maskCookie(v) : excerpt(v, 120);
  }
  return out;
}

export function pickResponseHeaders(
  headers: HttpExchange["headers"],
  extra: readonly string[] = [],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of [...RESPONSE_HEADERS, ...extra]) {
    const v = headers[key];
    if (v === undefined) continue;
    out[key] =
      key === "set-cookie"
        ? (Array.isArray(v) ? v : [v]).map(maskCookie).join(" | ")
        : excerpt(Array.isArray(v) ? v.join(", ") : v, 200);
  }
  return out;
}

/** Sees every answer the prober receives (the passive rules): the probe, its answer and the request's evidence. */
export type ExchangeObserver = (spec: ProbeSpec, exchange: HttpExchange, request: SecurityEvidence["request"]) => void;

export class Prober {
  requestsSent = 0;
  /** Every answer goes here too (engine/passive.ts), whichever check sent the request. */
  observer: ExchangeObserver | null = null;
  writeProbesNotSent = 0;
  /** Method and path (query cut off) of every request sent: which operations the run reached (coverage). */
  readonly sent: { method: string; path: string }[] = [];
  stoppedBy: string | null = null;
  private writesBlocked: string | null = null;
  private readonly deadline: number;

  constructor(
    private readonly send: SendFn,
    readonly budget: ProbeBudget,
    private readonly startedAt = performance.now(),
  ) {
    this.deadline = startedAt + budget.maxMs;
  }

  /** Time left before the deadline, in ms. */
  remainingMs(): number {
    return this.deadline - performance.now();
  }

  /** Whether another request may go (the count and the deadline); sets stoppedBy when not. */
  canSend(): boolean {
    if (this.stoppedBy) return false;
    if (this.requestsSent >= this.budget.maxRequests)
      this.stoppedBy = `request budget of ${this.budget.maxRequests} reached`;
    else if (this.remainingMs() <= 0) this.stoppedBy = `time budget of ${this.budget.maxMs} ms reached`;
    return this.stoppedBy === null;
  }

  get writesStoppedBy(): string | null {
    return this.writesBlocked;
  }

  async probe(spec: ProbeSpec): Promise<ProbeOutcome> {
    if (spec.write && this.writesBlocked) {
      this.writeProbesNotSent++;
      return { sent: false, why: "rate-limit" };
    }
    if (!this.canSend()) {
      if (spec.write) this.writeProbesNotSent++;
      return { sent: false, why: "budget" };
    }
    this.requestsSent++;
    this.sent.push({ method: spec.method.toUpperCase(), path: spec.path.split("?")[0]! });
    const headers = spec.headers ?? {};
    const request = {
      method: spec.method,
      path: spec.path,
      headers: pickRequestHeaders(headers),
      body: spec.body === undefined ? null : excerpt(spec.bodyInEvidence ?? spec.body, 100),
    };
    let exchange: HttpExchange | null = null;
    let error: string | null = null;
    try {
      exchange = await this.send(spec.path, {
        method: spec.method,
        headers,
        body: spec.body,
        timeoutMs: Math.max(250, Math.min(this.budget.requestTimeoutMs, this.remainingMs() + 250)),
        maxBodyBytes: spec.maxBodyBytes ?? 64 * 1024,
      });
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    let rateLimited = false;
    if (exchange && spec.write) {
      const remaining = /remaining=(\d+)/.exec(String(exchange.headers["ratelimit"] ?? ""));
      if (exchange.status === 429) {
        rateLimited = true;
        this.writesBlocked = "the target's write rate limit answered 429";
      } else if (remaining && Number(remaining[1]) === 0) {
        this.writesBlocked = "the target's write rate limit has no request left this window";
      }
    }
    if (exchange && this.observer) this.observer(spec, exchange, request);
    return {
      sent: true,
      exchange,
      error,
      rateLimited,
      evidence: {
        probe: spec.probe,
        request,
        response: exchange
          ? {
              status: exchange.status,
              headers: pickResponseHeaders(exchange.headers, spec.keepHeaders),
              body: excerpt(exchange.body),
              durationMs: exchange.durationMs,
            }
          : null,
        error,
      },
    };
  }
}

/** Runs tasks with at most `limit` in flight, in order of the array. */
export async function inPool<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await run(item);
    }
  });
  await Promise.all(workers);
}
