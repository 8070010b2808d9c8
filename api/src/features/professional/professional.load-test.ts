// Load testing: autocannon in-process against this API on a loopback port (the self target), cycling through
// its own read endpoints, bounded in time. Thresholds in the k6 manner: http_req_failed rate and p(95) of
// http_req_duration. autocannon reports no p95, so every response's latency goes into an HDR histogram
// (hdr-histogram-js, autocannon's own dependency) at microsecond resolution.
import os from "node:os";
import autocannon from "autocannon";
import * as hdr from "hdr-histogram-js";
import type { RouteDef } from "../../http/route";
import type { SelfTarget } from "../../http/self-target";
import {
  LOAD_P95_PASS_MAX_MS,
  LOAD_TEST,
  LOAD_THRESHOLDS,
  LOAD_VERDICT_RULE,
  LOAD_VERDICT_TEXT,
  PROFESSIONAL_LABELS,
  loadVerdictOf,
  p95Verdict,
  type LoadVerdict,
} from "./professional.constants";
import type { AssessmentPart, LoadConditions, LoadTestingResult } from "./professional.schemas";

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

/** The machine as the run starts: logical CPUs, load averages, Node. */
export interface MachineReading {
  cpuCount: number;
  loadAverage: [number, number, number];
  nodeVersion: string;
}
export function readMachine(): MachineReading {
  const [a = 0, b = 0, c = 0] = os.loadavg();
  return {
    cpuCount: typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length,
    loadAverage: [round(a, 2), round(b, 2), round(c, 2)],
    nodeVersion: process.version,
  };
}

/** The conditions in one sentence (the summary's tail and the page's caption). */
export function conditionsText(c: LoadConditions): string {
  return `${c.requests} requests over ${c.concurrency} connections in ${c.measuredSeconds} s measured (${c.configuredSeconds} s asked), ${c.cpuCount} CPU${c.cpuCount === 1 ? "" : "s"} with load average ${c.loadAverageAtStart.join(" / ")} (1 / 5 / 15 min) at the start, Node ${c.nodeVersion}; ${c.setting}`;
}

export async function runLoadTest(
  target: SelfTarget,
  endpoints: string[],
  seconds: number,
  machine: () => MachineReading = readMachine,
): Promise<{ detail: LoadDetail; parts: AssessmentPart[]; score: number; passed: boolean; summary: string }> {
  const atStart = machine();
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
  const loadStarted = performance.now();
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
  const measuredSeconds = round((performance.now() - loadStarted) / 1000, 2);
  const socketErrors = Math.max(0, result.errors - result.timeouts);
  const total = ok + failed + result.errors;
  const pct = (p: number) => (histogram.totalCount > 0 ? round(histogram.getValueAtPercentile(p) / 1000) : null);
  const errorRatePercent = total > 0 ? round(((failed + result.errors) / total) * 100, 2) : 100;
  const p95 = pct(95);
  histogram.destroy();

  const thresholds = LOAD_THRESHOLDS.map((t) => {
    const verdict: LoadVerdict =
      t.id === "http_req_failed"
        ? total > 0 && errorRatePercent < LOAD_TEST.errorRateMaxPercent
          ? "PASS"
          : "FAIL"
        : p95Verdict(p95);
    return t.id === "http_req_failed"
      ? {
          id: t.id,
          expression: t.expression,
          description: t.description,
          bound: LOAD_TEST.errorRateMaxPercent,
          measured: errorRatePercent,
          unit: "percent" as const,
          passed: verdict === "PASS",
          verdict,
        }
      : {
          id: t.id,
          expression: t.expression,
          description: t.description,
          bound: LOAD_TEST.p95MaxMs,
          measured: p95,
          unit: "ms" as const,
          passed: verdict === "PASS",
          verdict,
        };
  });
  const verdict = loadVerdictOf(thresholds.map((t) => t.verdict));
  const met = thresholds.filter((t) => t.passed).length;
  const score = round((100 * met) / thresholds.length);
  // Throughput over the time the load really took (autocannon runs a little past the seconds asked).
  const perSecond = round(total / (measuredSeconds > 0 ? measuredSeconds : seconds));
  const parts: AssessmentPart[] = thresholds.map((t) => ({
    id: t.id,
    label: `${t.id} ${t.expression}`,
    status: t.verdict === "PASS" ? "pass" : t.verdict === "INCONCLUSIVE" ? "warning" : "fail",
    points: t.passed ? round(100 / thresholds.length) : 0,
    maxPoints: round(100 / thresholds.length),
    detail:
      t.measured === null
        ? "no response measured"
        : `${LOAD_VERDICT_TEXT[t.verdict]}: measured ${t.measured}${t.unit === "ms" ? " ms" : "%"} (bound ${t.bound}${t.unit === "ms" ? ` ms; PASS needs <= ${LOAD_P95_PASS_MAX_MS} ms` : "%"})`,
  }));
  const conditions: LoadConditions = {
    requests: total,
    concurrency: LOAD_TEST.connections,
    configuredSeconds: seconds,
    measuredSeconds,
    cpuCount: atStart.cpuCount,
    loadAverageAtStart: atStart.loadAverage,
    nodeVersion: atStart.nodeVersion,
    setting: `in-process: autocannon ran inside this API's own Node process against it on a loopback port, so the generator and the server shared the machine's CPUs with each other and with whatever else ran on it (a shared machine: another run may differ by more than the margin)`,
  };
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
    verdict,
    verdictRule: LOAD_VERDICT_RULE,
    conditions,
  };
  const passed = verdict === "PASS";
  const summary = `${PROFESSIONAL_LABELS["load-testing"]}: ${LOAD_VERDICT_TEXT[verdict]}: p95 ${p95 ?? "n/a"} ms against ${LOAD_TEST.p95MaxMs} ms (PASS needs <= ${LOAD_P95_PASS_MAX_MS} ms), ${errorRatePercent}% failed, ${perSecond} req/s over ${endpoints.length} read endpoints; ${total} requests, ${conditions.concurrency} connections, ${measuredSeconds} s measured, ${atStart.cpuCount} CPUs at load ${atStart.loadAverage[0]}, Node ${atStart.nodeVersion}, in-process on a shared machine`;
  return { detail, parts, score, passed, summary };
}
