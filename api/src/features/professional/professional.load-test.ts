// Load testing: autocannon in-process against this API on a loopback port (the self target), cycling through
// its own read endpoints, bounded in time. Thresholds in the k6 manner: http_req_failed rate and p(95) of
// http_req_duration. autocannon reports no p95, so every response's latency goes into an HDR histogram
// (hdr-histogram-js, autocannon's own dependency) at microsecond resolution.
import autocannon from "autocannon";
import * as hdr from "hdr-histogram-js";
import type { RouteDef } from "../../http/route";
import type { SelfTarget } from "../../http/self-target";
import { LOAD_TEST, LOAD_THRESHOLDS, PROFESSIONAL_LABELS } from "./professional.constants";
import type { AssessmentPart, LoadTestingResult } from "./professional.schemas";

export type LoadDetail = LoadTestingResult["detail"];

/**
 * The read endpoints measured: GET routes that store nothing (not `write`), have no path parameter,
 * answer without a query (a route whose query schema refuses `{}` needs input we would have to invent) and
 * need no session (a wallet-bound read, declaring UNAUTHENTICATED, answers 401 to a load generator by design).
 * The security feature's GET probes run a suite each: not reads, left out whatever their flag says.
 */
export function readEndpoints(routes: readonly RouteDef[]): string[] {
  return routes
    .filter(
      (r) =>
        r.method === "get" &&
        !r.write &&
        !r.path.includes(":") &&
        !r.path.startsWith("/api/security/") &&
        !r.path.startsWith("/api/professional/"),
    )
    .filter((r) => !r.query || r.query.safeParse({}).success)
    .filter((r) => !r.errors?.includes("UNAUTHENTICATED"))
    .map((r) => r.path)
    .sort();
}

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function runLoadTest(
  target: SelfTarget,
  endpoints: string[],
  seconds: number,
): Promise<{ detail: LoadDetail; parts: AssessmentPart[]; score: number; passed: boolean; summary: string }> {
  // One request per endpoint first, alone: names the slow routes (autocannon's figures are over all of them).
  const endpointSamples: LoadDetail["endpointSamples"] = [];
  for (const path of endpoints) {
    try {
      const x = await target.send(path, { timeoutMs: 5_000, maxBodyBytes: 1024 });
      endpointSamples.push({ path, status: x.status, ms: x.durationMs, error: null });
    } catch (err) {
      endpointSamples.push({ path, status: null, ms: null, error: err instanceof Error ? err.message : String(err) });
    }
  }
  endpointSamples.sort((a, b) => (b.ms ?? Infinity) - (a.ms ?? Infinity));
  const histogram = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 60_000_000,
    numberOfSignificantValueDigits: 3,
  });
  const statusCodes: Record<string, number> = {};
  let failed = 0;
  let ok = 0;
  let finish!: (r: autocannon.Result) => void;
  let fail!: (e: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: target.baseUrl,
      connections: LOAD_TEST.connections,
      duration: seconds,
      // A request stalled longer than this counts as a timeout (a failure), never holds the run open.
      timeout: 5,
      headers: target.headers,
      requests: endpoints.map((path) => ({ method: "GET" as const, path })),
    },
    (err, res) => (err ? fail(err) : finish(res)),
  );
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    histogram.recordValue(Math.max(1, Math.round(responseTime * 1000)));
    statusCodes[String(statusCode)] = (statusCodes[String(statusCode)] ?? 0) + 1;
    if (statusCode >= 400) failed++;
    else ok++;
  });
  const result = await done;
  const socketErrors = Math.max(0, result.errors - result.timeouts);
  const total = ok + failed + result.errors;
  const pct = (p: number) => (histogram.totalCount > 0 ? round(histogram.getValueAtPercentile(p) / 1000) : null);
  const errorRatePercent = total > 0 ? round(((failed + result.errors) / total) * 100, 2) : 100;
  const p95 = pct(95);
  histogram.destroy();

  const thresholds = LOAD_THRESHOLDS.map((t) =>
    t.id === "http_req_failed"
      ? {
          id: t.id,
          expression: t.expression,
          description: t.description,
          bound: LOAD_TEST.errorRateMaxPercent,
          measured: errorRatePercent,
          unit: "percent" as const,
          passed: total > 0 && errorRatePercent < LOAD_TEST.errorRateMaxPercent,
        }
      : {
          id: t.id,
          expression: t.expression,
          description: t.description,
          bound: LOAD_TEST.p95MaxMs,
          measured: p95,
          unit: "ms" as const,
          passed: p95 !== null && p95 < LOAD_TEST.p95MaxMs,
        },
  );
  const met = thresholds.filter((t) => t.passed).length;
  const score = round((100 * met) / thresholds.length);
  const perSecond = round(total / seconds);
  const parts: AssessmentPart[] = thresholds.map((t) => ({
    id: t.id,
    label: `${t.id} ${t.expression}`,
    status: t.passed ? "pass" : "fail",
    points: t.passed ? round(100 / thresholds.length) : 0,
    maxPoints: round(100 / thresholds.length),
    detail:
      t.measured === null
        ? "no response measured"
        : `measured ${t.measured}${t.unit === "ms" ? " ms" : "%"} (bound ${t.bound}${t.unit === "ms" ? " ms" : "%"})`,
  }));
  const detail: LoadDetail = {
    tool: `autocannon ${(require("autocannon/package.json") as { version: string }).version}, in-process`,
    target: `this API at ${target.baseUrl} (Host ${target.host})`,
    endpoints,
    durationSeconds: seconds,
    connections: LOAD_TEST.connections,
    requests: { total, perSecond, ok, failed: failed + result.errors },
    latencyMs: {
      mean: total > 0 ? round(result.latency.mean) : null,
      p50: pct(50),
      p95,
      p99: pct(99),
      max: total > 0 ? round(result.latency.max) : null,
    },
    errorRatePercent,
    errors: { non2xx: result.non2xx, socketErrors, timeouts: result.timeouts },
    endpointSamples,
    statusCodes,
    thresholds,
  };
  const passed = met === thresholds.length;
  const summary = `${PROFESSIONAL_LABELS["load-testing"]}: ${total} requests in ${seconds} s over ${endpoints.length} read endpoints (${perSecond} req/s), p95 ${p95 ?? "n/a"} ms, ${errorRatePercent}% failed; ${met} of ${thresholds.length} thresholds met`;
  return { detail, parts, score, passed, summary };
}
