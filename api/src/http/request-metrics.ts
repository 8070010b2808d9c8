// The API's own request metrics, measured in process: every /api request's route (the path template, not
// the URL, so ids and addresses never multiply the routes), status and duration. Memory is bounded: the
// last `capacity` requests (10,000 by default) in a ring of fixed-size arrays; older ones fall out, and
// `since` says from when the figures count. What the testnet readiness status reports as response time
// and success rate. Per process: replicas each measure their own requests.
import type { RequestHandler } from "express";
import { under } from "./pipeline";

export interface RequestSample {
  /** "GET /api/testnet/status"; "GET (unmatched)" when no route answered (404s, 405s). */
  route: string;
  status: number;
  durationMs: number;
  /** False when the client went away before the answer was sent. */
  answered: boolean;
  /** Unix ms when the request ended. */
  at: number;
}

export interface RequestMetricsSnapshot {
  requests: number;
  /** Mean duration, ms (two decimals); null before any request. */
  avgResponseTimeMs: number | null;
  /** Median duration, ms (nearest rank); null before any request. */
  p50Ms: number | null;
  /** 95th percentile duration, ms (nearest rank); null before any request. */
  p95Ms: number | null;
  /**
   * Percent of requests answered with a status below 500 (two decimals): a 4xx is the client's mistake
   * answered correctly, a 5xx is ours, and a request the client abandoned before the answer counts as not
   * successful. Null before any request.
   */
  successRate: number | null;
  /** Percent of requests that were not successful (a 5xx, or abandoned before the answer; two decimals). Null before any. */
  errorRate: number | null;
  /** ISO time of the oldest request counted; null before any. */
  since: string | null;
}

export interface RouteMetrics extends Omit<RequestMetricsSnapshot, "since"> {
  route: string;
}

export interface RequestMetrics {
  record(sample: RequestSample): void;
  snapshot(): RequestMetricsSnapshot;
  /** The same figures per route, busiest first. */
  byRoute(): RouteMetrics[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function summarise(durations: number[], successes: number): Omit<RequestMetricsSnapshot, "since"> {
  const n = durations.length;
  if (n === 0)
    return { requests: 0, avgResponseTimeMs: null, p50Ms: null, p95Ms: null, successRate: null, errorRate: null };
  const sorted = durations.slice().sort((a, b) => a - b);
  const sum = sorted.reduce((s, d) => s + d, 0);
  return {
    requests: n,
    avgResponseTimeMs: round2(sum / n),
    p50Ms: round2(sorted[Math.ceil(0.5 * n) - 1]!),
    p95Ms: round2(sorted[Math.ceil(0.95 * n) - 1]!),
    successRate: round2((successes / n) * 100),
    errorRate: round2(((n - successes) / n) * 100),
  };
}

export function createRequestMetrics(options: { capacity?: number } = {}): RequestMetrics {
  const capacity = options.capacity ?? 10_000;
  if (!Number.isInteger(capacity) || capacity < 1)
    throw new RangeError(`capacity must be a positive integer (got ${capacity})`);
  // A ring: `next` is where the next sample goes; `size` how many are held.
  const routes: string[] = new Array<string>(capacity);
  const statuses = new Uint16Array(capacity);
  const durations = new Float64Array(capacity);
  const answered = new Uint8Array(capacity);
  const ats = new Float64Array(capacity);
  let next = 0;
  let size = 0;

  const ok = (i: number) => answered[i] === 1 && statuses[i]! < 500;
  const oldest = () => (size < capacity ? 0 : next);

  return {
    record(s) {
      routes[next] = s.route;
      statuses[next] = Math.max(0, Math.min(65_535, s.status));
      durations[next] = s.durationMs;
      answered[next] = s.answered ? 1 : 0;
      ats[next] = s.at;
      next = (next + 1) % capacity;
      size = Math.min(size + 1, capacity);
    },
    snapshot() {
      const d: number[] = [];
      let successes = 0;
      for (let k = 0; k < size; k++) {
        const i = (oldest() + k) % capacity;
        d.push(durations[i]!);
        if (ok(i)) successes++;
      }
      return { ...summarise(d, successes), since: size ? new Date(ats[oldest()]!).toISOString() : null };
    },
    byRoute() {
      const groups = new Map<string, { d: number[]; ok: number }>();
      for (let k = 0; k < size; k++) {
        const i = (oldest() + k) % capacity;
        const g = groups.get(routes[i]!) ?? { d: [], ok: 0 };
        g.d.push(durations[i]!);
        if (ok(i)) g.ok++;
        groups.set(routes[i]!, g);
      }
      return [...groups]
        .map(([route, g]) => ({ route, ...summarise(g.d, g.ok) }))
        .sort((a, b) => b.requests - a.requests);
    },
  };
}

/**
 * Feeds `metrics` with every request under /api once it ends (answered or abandoned). The route is the
 * matched route's template (mountRoutes sets `req.route` when one answered), so the label set stays the size of
 * the route table.
 */
export function requestMetricsMiddleware(metrics: RequestMetrics): RequestHandler {
  // Under /api as the routes match it, in any case: GET /API/... is answered by its route and counts like it.
  return under("/api", (req, res, next) => {
    const started = performance.now();
    res.once("close", () => {
      // A stream of server-sent events lasts as long as its tab is open and ends with the client leaving: neither
      // a response time nor a failure.
      if (/^text\/event-stream/.test(String(res.getHeader("content-type") ?? ""))) return;
      const template = (req as { route?: { path?: unknown } }).route?.path;
      metrics.record({
        route: `${req.method} ${typeof template === "string" ? `${req.baseUrl}${template}` : "(unmatched)"}`,
        status: res.statusCode,
        durationMs: performance.now() - started,
        answered: res.writableFinished,
        at: Date.now(),
      });
    });
    next();
  });
}
