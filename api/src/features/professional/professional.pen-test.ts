// Penetration testing: the security suite's active probes (a fresh run, or its latest if newer than
// SUITE_REUSE_MINUTES: said which) plus our own checks against this API on a loopback port: the write rate
// limit, security headers, the Host allow-list, 405 for a wrong method, 413 for an oversized body, CORS
// not granting a foreign origin. Every exchange is kept as evidence (never the self-target token).
import type { HttpExchange, HttpSendOptions, SelfTarget } from "../../http/self-target";
import { SELF_TARGET_HEADER } from "../../http/self-target";
import { PROFESSIONAL_LABELS, SUITE_REUSE_MINUTES } from "./professional.constants";
import type { AssessmentPart, PenCheck, PenExchange, PenetrationTestingResult } from "./professional.schemas";
import { suitePart, type SecuritySuite } from "./professional.suite";

export type PenDetail = PenetrationTestingResult["detail"];
export type SelfTargetRunner = <T>(fn: (target: SelfTarget) => Promise<T>) => Promise<T>;

/** A path that exists, answers GET only and costs a database read: the feature's own report. */
const PROBE_PATH = "/api/professional/readiness-report";
const FOREIGN_HOST = "attacker.example";
const FOREIGN_ORIGIN = "https://attacker.example";
/** The rate-limit check sends at most this many writes; a limit above it is reported, not probed. */
const MAX_RATE_PROBES = 200;
const KEPT_HEADERS = [
  "content-type",
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "x-powered-by",
  "retry-after",
  "allow",
  "access-control-allow-origin",
  "access-control-allow-credentials",
  "ratelimit",
  "ratelimit-policy",
];

function keep(method: string, path: string, sent: Record<string, string>, x: HttpExchange): PenExchange {
  const responseHeaders: Record<string, string> = {};
  for (const h of KEPT_HEADERS) {
    const v = x.headers[h];
    if (v !== undefined) responseHeaders[h] = Array.isArray(v) ? v.join(", ") : String(v);
  }
  const requestHeaders = Object.fromEntries(
    Object.entries(sent).filter(([k]) => k.toLowerCase() !== SELF_TARGET_HEADER),
  );
  return {
    method,
    path,
    requestHeaders,
    status: x.status,
    responseHeaders,
    bodyExcerpt: x.body.slice(0, 300),
    durationMs: x.durationMs,
  };
}

async function exchange(
  target: SelfTarget,
  path: string,
  opts: HttpSendOptions & { method: string },
): Promise<{ x: HttpExchange; evidence: PenExchange }> {
  const x = await target.send(path, { timeoutMs: 5_000, maxBodyBytes: 4096, ...opts });
  return { x, evidence: keep(opts.method, path, { ...target.headers, ...(opts.headers ?? {}) }, x) };
}

const codeOf = (body: string): string | null => {
  try {
    return (JSON.parse(body) as { code?: string }).code ?? null;
  } catch {
    return null;
  }
};

export function bytesOf(limit: string): number {
  const m = /^(\d+)(b|kb|mb)$/i.exec(limit.trim());
  if (!m) return 100 * 1024;
  return Number(m[1]) * { b: 1, kb: 1024, mb: 1024 * 1024 }[m[2]!.toLowerCase() as "b" | "kb" | "mb"];
}

async function headersCheck(t: SelfTarget): Promise<PenCheck> {
  const { x, evidence } = await exchange(t, PROBE_PATH, { method: "GET" });
  const h = x.headers;
  const csp = String(h["content-security-policy"] ?? "");
  const problems: string[] = [];
  if (!csp) problems.push("no Content-Security-Policy");
  if (String(h["x-content-type-options"] ?? "").toLowerCase() !== "nosniff")
    problems.push("X-Content-Type-Options is not nosniff");
  if (!h["x-frame-options"] && !/frame-ancestors\s+('none'|'self')/.test(csp))
    problems.push("neither X-Frame-Options nor CSP frame-ancestors");
  if (!h["referrer-policy"]) problems.push("no Referrer-Policy");
  if (h["x-powered-by"]) problems.push(`X-Powered-By present (${String(h["x-powered-by"])})`);
  return {
    id: "security-headers",
    label: "Security headers (CSP, nosniff, framing, Referrer-Policy, no X-Powered-By)",
    passed: problems.length === 0,
    detail: problems.length
      ? problems.join("; ")
      : `CSP, nosniff, ${h["x-frame-options"] ? `X-Frame-Options ${String(h["x-frame-options"])}` : "frame-ancestors"}, Referrer-Policy ${String(h["referrer-policy"])}, no X-Powered-By`,
    evidence: [evidence],
  };
}

async function hostCheck(t: SelfTarget): Promise<PenCheck> {
  const { x, evidence } = await exchange(t, PROBE_PATH, { method: "GET", headers: { host: FOREIGN_HOST } });
  const code = codeOf(x.body);
  const passed = x.status === 403 && code === "HOST_NOT_ALLOWED";
  return {
    id: "host-allow-list",
    label: "Host allow-list (a foreign Host is refused: DNS rebinding)",
    passed,
    detail: passed
      ? `Host ${FOREIGN_HOST} answered 403 HOST_NOT_ALLOWED`
      : `Host ${FOREIGN_HOST} answered ${x.status}${code ? ` ${code}` : ""}: the API serves any host name`,
    evidence: [evidence],
  };
}

async function methodCheck(t: SelfTarget): Promise<PenCheck> {
  const { x, evidence } = await exchange(t, PROBE_PATH, { method: "PUT" });
  const passed = x.status === 405 && x.headers.allow !== undefined;
  return {
    id: "wrong-method",
    label: "A wrong method is 405 with Allow",
    passed,
    detail: passed
      ? `PUT ${PROBE_PATH} answered 405, Allow: ${String(x.headers.allow)}`
      : `PUT ${PROBE_PATH} answered ${x.status}${x.headers.allow ? "" : " without Allow"}`,
    evidence: [evidence],
  };
}

async function bodyLimitCheck(t: SelfTarget, jsonBodyLimit: string): Promise<PenCheck> {
  const limit = bytesOf(jsonBodyLimit);
  const body = JSON.stringify({ pad: "x".repeat(limit + 1024) });
  const { x, evidence } = await exchange(t, PROBE_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const passed = x.status === 413;
  return {
    id: "body-limit",
    label: `An oversized body (over ${jsonBodyLimit}) is 413`,
    passed,
    detail: passed
      ? `a ${body.length}-byte JSON body answered 413 ${codeOf(x.body) ?? ""}`.trim()
      : `a ${body.length}-byte JSON body answered ${x.status}`,
    evidence: [{ ...evidence, requestHeaders: { ...evidence.requestHeaders, "content-length": String(body.length) } }],
  };
}

async function corsCheck(t: SelfTarget): Promise<PenCheck> {
  const pre = await exchange(t, PROBE_PATH, {
    method: "OPTIONS",
    headers: {
      origin: FOREIGN_ORIGIN,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type",
    },
  });
  const get = await exchange(t, PROBE_PATH, { method: "GET", headers: { origin: FOREIGN_ORIGIN } });
  const granted = [pre.x, get.x]
    .map((x) => String(x.headers["access-control-allow-origin"] ?? ""))
    .filter((v) => v === "*" || v === FOREIGN_ORIGIN);
  return {
    id: "cors",
    label: "CORS grants no foreign origin",
    passed: granted.length === 0,
    detail:
      granted.length === 0
        ? `neither a preflight nor a GET from ${FOREIGN_ORIGIN} got Access-Control-Allow-Origin`
        : `Access-Control-Allow-Origin: ${granted.join(", ")} for ${FOREIGN_ORIGIN}`,
    evidence: [pre.evidence, get.evidence],
  };
}

/** limit+1 writes in a fresh self bucket: the last must be a 429 with Retry-After. POST to a GET-only path: nothing is written. */
async function rateLimitCheck(t: SelfTarget, limit: number): Promise<PenCheck> {
  const label = "Write rate limit (limit + 1 writes from one client: 429 with Retry-After)";
  if (limit <= 0)
    return {
      id: "rate-limit",
      label,
      passed: false,
      detail: "the write rate limit is off (RATE_LIMIT_WRITES_PER_MINUTE=0): any client may write without bound",
      evidence: [],
    };
  if (limit + 1 > MAX_RATE_PROBES)
    return {
      id: "rate-limit",
      label,
      passed: false,
      detail: `the limit (${limit} a minute) is above what this check sends (${MAX_RATE_PROBES}): not verified`,
      evidence: [],
    };
  const evidence: PenExchange[] = [];
  for (let i = 1; i <= limit + 1; i++) {
    const { x, evidence: e } = await exchange(t, PROBE_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    if (i <= 2 || i >= limit || x.status === 429) evidence.push(e);
    if (x.status === 429) {
      const passed = i === limit + 1 && x.headers["retry-after"] !== undefined;
      return {
        id: "rate-limit",
        label,
        passed,
        detail: passed
          ? `writes 1-${limit} went through to the route (405), write ${i} answered 429 with Retry-After ${String(x.headers["retry-after"])}`
          : `write ${i} of ${limit + 1} answered 429${x.headers["retry-after"] ? "" : " without Retry-After"}`,
        evidence: evidence.slice(-6),
      };
    }
  }
  // No write was refused: the loop returns at the first 429.
  return {
    id: "rate-limit",
    label,
    passed: false,
    detail: `${limit + 1} writes within the minute, none refused: the limit of ${limit} is not enforced`,
    evidence: evidence.slice(-6),
  };
}

export interface PenTestOptions {
  selfTarget: SelfTargetRunner;
  security?: SecuritySuite;
  /** Who runs the test: a suite it starts is theirs too. */
  ranBy: string;
  rateLimitWritesPerMinute: number;
  jsonBodyLimit: string;
  now: Date;
}

export async function runPenetrationTest(
  o: PenTestOptions,
): Promise<{ detail: PenDetail; parts: AssessmentPart[]; score: number; passed: boolean; summary: string }> {
  const suite = await suitePart(o.security, o.now, o.ranBy, SUITE_REUSE_MINUTES);
  let targetName = "";
  const checks = await o.selfTarget(async (t) => {
    targetName = `this API at ${t.baseUrl} (Host ${t.host})`;
    // One at a time: each is a handful of requests, and in order they never disturb each other.
    return [
      await headersCheck(t),
      await hostCheck(t),
      await methodCheck(t),
      await bodyLimitCheck(t, o.jsonBodyLimit),
      await corsCheck(t),
    ];
  });
  // A fresh target, so a fresh write bucket: the count starts at 0 whatever the checks above sent.
  checks.push(await o.selfTarget((t) => rateLimitCheck(t, o.rateLimitWritesPerMinute)));

  const r = suite.report;
  const suiteFails = r ? r.results.filter((x) => x.status === "FAIL").length : 0;
  const checksPassed = checks.filter((c) => c.passed).length;
  const each = Math.round(500 / checks.length) / 10;
  const parts: AssessmentPart[] = [
    {
      id: "security-suite",
      label: "Security suite's active probes",
      status: !r ? "not-run" : suiteFails ? "fail" : "pass",
      points: r ? Math.round(r.overallScore * 5) / 10 : 0,
      maxPoints: 50,
      detail: suite.detail,
    },
    ...checks.map((c): AssessmentPart => ({
      id: c.id,
      label: c.label,
      status: c.passed ? "pass" : "fail",
      points: c.passed ? each : 0,
      maxPoints: each,
      detail: c.detail,
    })),
  ];
  const score = Math.min(
    100,
    Math.round(((r ? r.overallScore * 0.5 : 0) + (50 * checksPassed) / checks.length) * 10) / 10,
  );
  const passed = r !== null && suiteFails === 0 && checksPassed === checks.length;
  return {
    detail: { suite, checks, target: targetName },
    parts,
    score,
    passed,
    summary: `${PROFESSIONAL_LABELS["penetration-testing"]}: ${checksPassed} of ${checks.length} checks pass${
      checks.some((c) => !c.passed)
        ? ` (failing: ${checks
            .filter((c) => !c.passed)
            .map((c) => c.id)
            .join(", ")})`
        : ""
    }; suite ${r ? `score ${r.overallScore}, ${suiteFails} failing` : "not available"}`,
  };
}
