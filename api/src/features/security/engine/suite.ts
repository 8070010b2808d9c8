// The security suite, independent of Express and of this app: given an HTTP exchange with a target (this
// API's self target, or any base URL for the CLI) it reads the target's OpenAPI 3 document, generates the
// probes of the selected checks from it, sends them within the budget and returns every check's result with
// its evidence. Order: authentication (its sign-ins must not meet a used-up rate limit), CSRF, headers, then
// the field probes (injection, XSS), whose volume a bound may cut.
import {
  SECURITY_ACTIVE_CHECKS,
  SECURITY_CHECKS,
  SECURITY_DEFAULT_BUDGET,
  SECURITY_PASSIVE_CHECKS,
  type SecurityCategory,
  type SecurityCheckId,
} from "../security.constants";
import type { SecurityCoverage, SecurityResult } from "../security.schemas";
import { runAuthProbes } from "./auth-probes";
import { CheckRecorder } from "./check-recorder";
import { runFieldProbes } from "./field-probes";
import { learnSurface, type Surface, type SurfaceOperation } from "./openapi-surface";
import { operationsReached, opKey, runCoverageSweep, sweepTargets, unprobedOperations } from "./coverage";
import { Prober, type ProbeBudget, type SendFn } from "./prober";
import { PassiveLayer, runPageDiscovery, runSignInAttempts, type SignInCredentials } from "./passive";
import { runChainSigningProbe, runCsrfProbes, runHeaderProbes } from "./site-probes";

/** Rows per table of the target's database (in-process only: the API passes one, the CLI has none). */
export type RecordCounter = () => Promise<Record<string, number>>;

export interface SuiteOptions {
  send: SendFn;
  /** The Host the target sees (for SIWE messages). */
  host: string;
  scheme?: "http" | "https";
  /** Where the OpenAPI document is (default /api/openapi.json). */
  openapi?: string;
  budget?: Partial<ProbeBudget>;
  /** Headers every probe carries (none: the self target adds its own). */
  baseHeaders?: Record<string, string>;
  /** The chain id SIWE messages must name (the target's chain). */
  chainId: number;
  recordCounter?: RecordCounter;
  chainRpcUrl?: string | null;
  /** Which categories run (default all). */
  categories?: readonly SecurityCategory[];
  /** What is probed, in words, for the report. */
  target: string;
  /** Concurrent probes (default 4). */
  concurrency?: number;
  /**
   * Credentials for the target's own sign-in (a login form or a POST with user and password fields), as ZAP's
   * authentication context: the passive rules then read the session cookie it sets and what a signed-in browser sees.
   * Without them the sign-in is attempted with the document's examples or placeholders.
   */
  login?: SignInCredentials | null;
}

export interface SuiteRun {
  results: SecurityResult[];
  ranAt: string;
  durationMs: number;
  requestsSent: number;
  target: string;
  coverage: SecurityCoverage;
  stoppedBy: string | null;
  /** SIWE nonces the run obtained (used up by its sign-ins); the API deletes them afterwards. */
  nonces: string[];
  /** Sessions the run started and could not log out (0 when the target has a logout). */
  sessionsLeft: number;
  /** Passive rules that saw no answer of their kind: not assessed, not in `results`. */
  notApplicable: { id: SecurityCheckId; testName: string; reason: string }[];
  /** What the passive layer cost: answers judged and the time spent in its rules (ms). */
  passive: { answersSeen: number; spentMs: number; pagesFound: number };
}

/** Table deltas between two counts, only those that grew. */
function grown(before: Record<string, number>, after: Record<string, number>): string[] {
  return Object.entries(after)
    .filter(([t, n]) => n > (before[t] ?? 0))
    .map(([t, n]) => `${t} +${n - (before[t] ?? 0)}`);
}

/** Whether the target says its operator routes are open to any caller (its GET /api/auth/access, if it has one). */
async function operatorsOpen(
  prober: Prober,
  ops: readonly SurfaceOperation[],
  baseHeaders: Record<string, string>,
): Promise<boolean> {
  const access = ops.find((o) => o.method === "GET" && o.template === "/api/auth/access");
  if (!access) return false;
  const o = await prober.probe({
    probe: "the target's access mode (who may run operator routes)",
    method: "GET",
    path: access.template,
    headers: baseHeaders,
    write: false,
    maxBodyBytes: 4096,
  });
  if (!o.sent || !o.exchange || o.exchange.status !== 200) return false;
  try {
    return (JSON.parse(o.exchange.body) as { mode?: unknown }).mode === "open-loopback";
  } catch {
    return false;
  }
}

export async function runSecuritySuite(options: SuiteOptions): Promise<SuiteRun> {
  const started = performance.now();
  const ranAt = new Date().toISOString();
  const budget: ProbeBudget = { ...SECURITY_DEFAULT_BUDGET, ...options.budget };
  const prober = new Prober(options.send, budget, started);
  const baseHeaders = options.baseHeaders ?? {};
  const categories = new Set(options.categories ?? ["AUTHENTICATION", "INJECTION", "XSS", "CSRF", "GENERAL"]);
  const checks = new Set<SecurityCheckId>(SECURITY_CHECKS.filter((c) => categories.has(c.category)).map((c) => c.id));
  const only = (...ids: SecurityCheckId[]) => new Set(ids.filter((id) => checks.has(id)));
  // Every answer of the run, whichever check asked for it, goes through the passive rules of the selected categories.
  const passive = new PassiveLayer(
    new Set(SECURITY_PASSIVE_CHECKS.map((c) => c.id).filter((id) => checks.has(id))),
    options.scheme ?? "http",
    options.host,
  );
  prober.observer = passive.observe;

  // The document itself: a bounded fetch (ours is > 256 KB).
  const openapiPath = options.openapi ?? "/api/openapi.json";
  const docOutcome = await prober.probe({
    probe: "the target's OpenAPI document",
    method: "GET",
    path: openapiPath,
    headers: baseHeaders,
    write: false,
    maxBodyBytes: 8 * 1024 * 1024,
  });
  let surface: Surface;
  if (!docOutcome.sent || !docOutcome.exchange || docOutcome.exchange.status !== 200) {
    throw new Error(
      `the target's OpenAPI document (${openapiPath}) could not be read: ${docOutcome.sent ? (docOutcome.exchange ? `status ${docOutcome.exchange.status}` : docOutcome.error) : "budget"}`,
    );
  }
  try {
    surface = learnSurface(JSON.parse(docOutcome.exchange.body));
  } catch (err) {
    throw new Error(
      `the target's OpenAPI document (${openapiPath}) is not usable: ${err instanceof Error ? err.message : String(err)}`,
      { cause: err },
    );
  }
  const ops = surface.operations;
  passive.setOperations(ops);
  const recorders = new Map<SecurityCheckId, CheckRecorder>();
  const merge = (m: Map<SecurityCheckId, CheckRecorder>) => m.forEach((r, id) => recorders.set(id, r));

  // Operator routes the target leaves open (a loopback-only server with no operators named: GET /api/auth/access
  // says "open-loopback") run for real on a request without a session: never called so, and named out of scope.
  const outOfScope = new Map<string, string>();
  const openOperatorOps = new Set<SurfaceOperation>();
  if (await operatorsOpen(prober, ops, baseHeaders)) {
    for (const o of ops.filter((op) => op.access === "operator")) {
      openOperatorOps.add(o);
      outOfScope.set(
        opKey(o),
        "operator route left open by the target (a loopback-only server with OPERATOR_ADDRESSES unset): a request without a session would run the job for real, so only the probes its guards refuse first (cross-site, hostile fields) are sent; with OPERATOR_ADDRESSES set it is probed without a session",
      );
    }
  }

  const auth = await runAuthProbes(
    prober,
    ops,
    {
      host: options.host,
      scheme: options.scheme ?? "http",
      chainId: options.chainId,
      baseHeaders,
      notWithoutSession: openOperatorOps,
    },
    only(
      "auth-siwe-wrong-signature",
      "auth-siwe-nonce-reuse",
      "auth-siwe-expired-message",
      "auth-siwe-foreign-domain",
      "auth-session-required",
      "auth-cookie-flags",
      "csrf-cookie-samesite",
    ),
  );
  merge(auth.recorders);

  // Records before the probes that must all be refused (the sign-ins above write sessions and nonces).
  const counting = checks.has("inj-refused-write") && options.recordCounter;
  const before = counting ? await options.recordCounter!() : null;

  // Cheap and decisive first; the field probes (most of the volume) next; the form/text-plain bodies, which
  // spend the target's write limit on the same refusal each time, last.
  merge(await runCsrfProbes(prober, ops, baseHeaders, only("csrf-origin", "csrf-fetch-site")));
  if (checks.has("csrf-chain-signing"))
    recorders.set(
      "csrf-chain-signing",
      await runChainSigningProbe(prober, options.chainRpcUrl, budget.requestTimeoutMs),
    );
  merge(
    await runHeaderProbes(prober, ops, baseHeaders, only("xss-csp", "xss-nosniff", "gen-host-allowlist"), openapiPath),
  );
  const fields = await runFieldProbes(
    prober,
    only(
      "inj-sql",
      "inj-nosql",
      "inj-path-traversal",
      "inj-prototype-pollution",
      "inj-oversized-input",
      "xss-reflected",
    ),
    ops,
    baseHeaders,
    options.concurrency ?? 4,
  );
  merge(fields.recorders);
  merge(await runCsrfProbes(prober, ops, baseHeaders, only("csrf-content-type")));

  if (checks.has("inj-refused-write")) {
    const r = new CheckRecorder("inj-refused-write");
    if (!options.recordCounter)
      r.warn(
        "needs the target's own record counter, which only the in-process API has (the CLI cannot count a remote database)",
      );
    else {
      const after = await options.recordCounter();
      const grew = grown(before!, after);
      const tables = Object.keys(after).length;
      r.record(
        {
          sent: true,
          exchange: null,
          error: null,
          rateLimited: false,
          evidence: {
            probe: `row counts of ${tables} tables before and after the refused probes`,
            request: { method: "COUNT", path: "(every table)", headers: {}, body: null },
            response: {
              status: 0,
              headers: {},
              body: JSON.stringify(
                grew.length ? Object.fromEntries(grew.map((g) => g.split(" +"))) : { unchanged: tables },
              ),
              durationMs: 0,
            },
            error: null,
          },
        },
        grew.length ? `refused requests left records: ${grew.join(", ")}` : null,
      );
    }
    recorders.set("inj-refused-write", r);
  }

  // The pages a browser would see (GET /, the redirects and links the answers showed) and a sign-in attempt where the
  // document describes one: answers for the passive rules (HTML, a login's cookies). After the record count: a
  // failed login may be recorded by the target.
  let signInSessionsLeft = 0;
  if (passive.active) {
    await runPageDiscovery(prober, passive, baseHeaders);
    signInSessionsLeft = (await runSignInAttempts(prober, passive, ops, baseHeaders, options.login ?? null))
      .sessionsLeft;
  }

  // Every read no check reached gets one plain GET (after the record count: a read may keep a cache row).
  let reached = operationsReached(ops, prober.sent);
  if (checks.has("xss-nosniff")) {
    await runCoverageSweep(prober, sweepTargets(ops, reached), baseHeaders, recorders.get("xss-nosniff") ?? null);
    reached = operationsReached(ops, prober.sent);
  }
  const unprobed = unprobedOperations(ops, reached, outOfScope, prober.stoppedBy, categories.size < 5);

  const passDetails: Partial<Record<SecurityCheckId, string>> = {
    "inj-refused-write": "no table grew while the refused probes ran",
    "csrf-chain-signing": "the chain URL refused the foreign-origin signing call",
  };
  const passiveRun = passive.results();
  const results = [
    ...SECURITY_ACTIVE_CHECKS.filter((c) => checks.has(c.id)).map((c) =>
      (recorders.get(c.id) ?? new CheckRecorder(c.id)).result(passDetails[c.id] ?? "no finding"),
    ),
    ...passiveRun.results,
  ];

  const bodyOrQuery = ops.filter((o) => o.bodyFields.length + o.query.length + o.pathParams.length > 0);
  return {
    results,
    ranAt,
    durationMs: Math.round(performance.now() - started),
    requestsSent: prober.requestsSent,
    target: options.target,
    coverage: {
      operations: ops.length,
      operationsProbed: fields.operationsProbed.size,
      fields: surface.fieldCount,
      fieldsProbed: fields.fieldsProbed.size,
      writeProbesNotSent: prober.writeProbesNotSent,
      operationsReached: ops.length - unprobed.length,
      unprobed,
      complete: unprobed.every((u) => u.outOfScope),
      skipped: [
        ...surface.skipped,
        ...(bodyOrQuery.length < ops.length
          ? [
              `${ops.length - bodyOrQuery.length} operation(s) take no field, query or path parameter: covered by the CSRF, header and session checks only`,
            ]
          : []),
        ...(prober.writesStoppedBy ? [`write probes stopped: ${prober.writesStoppedBy}`] : []),
      ],
    },
    stoppedBy: prober.stoppedBy,
    nonces: auth.nonces,
    sessionsLeft: auth.sessionsLeft + signInSessionsLeft,
    notApplicable: passiveRun.notApplicable,
    passive: {
      answersSeen: passive.answersSeen,
      spentMs: Math.round(passive.spentMs * 10) / 10,
      pagesFound: passive.pointedTo.length,
    },
  };
}
