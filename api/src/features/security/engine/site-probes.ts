// CSRF, response-header and Host probes. Cross-site probes go to every write that is not a GET (the requests a
// page of another site can make a browser send), each with a body holding only a marker field, so a target
// that forgot the check still refuses them on validation rather than acting. Form-encoded and text/plain
// bodies (no preflight needed) go to the writes that declare a JSON body.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { sendHttp } from "../../../http/self-target";
import type { SecurityCheckId } from "../security.constants";
import { CheckRecorder } from "./check-recorder";
import { fillPath, type SurfaceOperation } from "./openapi-surface";
import { excerpt, inPool, pickResponseHeaders, SECURITY_HEADERS, type Prober } from "./prober";

export const EVIL_ORIGIN = "https://evil.example";
const MARKER_BODY = '{"csrfProbe":1}';

export async function runCsrfProbes(
  prober: Prober,
  operations: SurfaceOperation[],
  baseHeaders: Record<string, string>,
  checks: Set<SecurityCheckId>,
): Promise<Map<SecurityCheckId, CheckRecorder>> {
  const recorders = new Map<SecurityCheckId, CheckRecorder>();
  const writes = operations.filter((o) => o.write && o.method !== "GET");
  const tasks: (() => Promise<void>)[] = [];
  const add = (
    id: SecurityCheckId,
    op: SurfaceOperation,
    probe: string,
    headers: Record<string, string>,
    body: string,
    judge: (status: number) => string | null,
  ) => {
    if (!checks.has(id)) return;
    const r = recorders.get(id) ?? recorders.set(id, new CheckRecorder(id)).get(id)!;
    tasks.push(async () => {
      const o = await prober.probe({
        probe,
        method: op.method,
        path: fillPath(op),
        headers: { ...baseHeaders, ...headers },
        body,
        write: true,
      });
      r.record(o, o.sent && o.exchange ? judge(o.exchange.status) : null);
    });
  };
  const must403 = (what: string) => (s: number) =>
    s === 403 || s === 429 ? null : `answered ${s}: the ${what} was not refused`;
  for (const op of writes) {
    add(
      "csrf-origin",
      op,
      `Origin: ${EVIL_ORIGIN}`,
      { origin: EVIL_ORIGIN, "content-type": "application/json" },
      MARKER_BODY,
      must403("cross-site Origin"),
    );
    add(
      "csrf-fetch-site",
      op,
      "Sec-Fetch-Site: cross-site",
      { "sec-fetch-site": "cross-site", "content-type": "application/json" },
      MARKER_BODY,
      must403("cross-site request"),
    );
  }
  for (const op of writes.filter((o) => o.hasBody)) {
    // A route that needs a session refuses a request without one (401) before it reads any body: a cross-site
    // form would need the victim's cookie, which SameSite keeps off cross-site POSTs (csrf-cookie-samesite).
    const refused = (what: string) => (s: number) =>
      s === 415 || s === 403 || s === 429 || (s === 401 && op.walletBound)
        ? null
        : `answered ${s} to a ${what} body (a cross-site form can send it without a preflight)`;
    add(
      "csrf-content-type",
      op,
      "form-encoded body",
      { "content-type": "application/x-www-form-urlencoded" },
      "csrfProbe=1",
      refused("form-encoded"),
    );
    add(
      "csrf-content-type",
      op,
      "text/plain body",
      { "content-type": "text/plain" },
      MARKER_BODY,
      refused("text/plain"),
    );
  }
  for (const id of ["csrf-origin", "csrf-fetch-site", "csrf-content-type"] as const) {
    if (checks.has(id) && !recorders.has(id)) recorders.set(id, new CheckRecorder(id));
  }
  await inPool(tasks, 4, (t) => t());
  return recorders;
}

/**
 * The local chain URL, asked to sign for a foreign origin. The `from` is a fresh address no node holds, so a
 * node that wrongly answered would still have nothing to sign with.
 */
export async function runChainSigningProbe(
  prober: Prober,
  chainRpcUrl: string | null | undefined,
  timeoutMs: number,
): Promise<CheckRecorder> {
  const r = new CheckRecorder("csrf-chain-signing");
  if (!chainRpcUrl) {
    r.warn("this target has no local chain URL (not the hardhat network, or the CLI without --chain-url)");
    return r;
  }
  if (!prober.canSend()) {
    r.record({ sent: false, why: "budget" }, null);
    return r;
  }
  const from = privateKeyToAccount(generatePrivateKey()).address;
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "eth_sendTransaction",
    params: [{ from, to: from, value: "0x0" }],
  });
  const headers = { origin: EVIL_ORIGIN, "content-type": "application/json" };
  prober.requestsSent++;
  const request = { method: "POST", path: chainRpcUrl, headers, body };
  try {
    const ex = await sendHttp(chainRpcUrl, { method: "POST", headers, body, timeoutMs: Math.min(timeoutMs, 3000) });
    let code: number | null = null;
    try {
      code = (JSON.parse(ex.body) as { error?: { code?: number } }).error?.code ?? null;
    } catch {
      code = null;
    }
    const refused = ex.status === 403 || code === 4100;
    const evidence = {
      probe: "eth_sendTransaction with Origin: https://evil.example",
      request,
      response: {
        status: ex.status,
        headers: pickResponseHeaders(ex.headers),
        body: excerpt(ex.body),
        durationMs: ex.durationMs,
      },
      error: null,
    };
    r.record(
      { sent: true, exchange: ex, error: null, rateLimited: false, evidence },
      refused
        ? null
        : `the chain URL answered ${ex.status}${code !== null ? ` with JSON-RPC error ${code}` : ""}: the signing call was forwarded, not refused`,
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    r.warn(`the local chain URL ${chainRpcUrl} did not answer (${message}), so its guard could not be tested`);
    r.evidence.push({
      probe: "eth_sendTransaction with Origin: https://evil.example",
      request,
      response: null,
      error: message,
      finding: null,
    });
  }
  return r;
}

/** CSP and nosniff on the page, a JSON answer and a 404; and the Host allow-list. */
export async function runHeaderProbes(
  prober: Prober,
  operations: SurfaceOperation[],
  baseHeaders: Record<string, string>,
  checks: Set<SecurityCheckId>,
  /** A path the target serves (its OpenAPI document): the foreign Host asks for it. */
  servedPath = "/api/openapi.json",
): Promise<Map<SecurityCheckId, CheckRecorder>> {
  const recorders = new Map<SecurityCheckId, CheckRecorder>();
  const wants = (id: SecurityCheckId) => checks.has(id) && recorders.set(id, new CheckRecorder(id));
  const csp = wants("xss-csp");
  const nosniff = wants("xss-nosniff");
  if (csp || nosniff) {
    const plainGet = operations.find(
      (o) => o.method === "GET" && !o.write && o.pathParams.length === 0 && !/openapi/.test(o.template),
    );
    const paths = ["/", ...(plainGet ? [plainGet.template] : []), "/api/security-probe-not-found"];
    for (const path of paths) {
      const o = await prober.probe({
        probe: "response headers",
        method: "GET",
        path,
        headers: baseHeaders,
        write: false,
        maxBodyBytes: 4096,
        keepHeaders: SECURITY_HEADERS,
      });
      if (!o.sent || !o.exchange) {
        recorders.get("xss-csp")?.record(o, null);
        recorders.get("xss-nosniff")?.record(o, null);
        continue;
      }
      const h = o.exchange.headers;
      if (csp) {
        const policy = String(h["content-security-policy"] ?? "");
        const directive = (name: string) =>
          policy
            .split(";")
            .map((d) => d.trim())
            .find((d) => d.toLowerCase().startsWith(`${name} `));
        const script = directive("script-src") ?? directive("default-src");
        const finding = !policy
          ? "no Content-Security-Policy header"
          : !script
            ? "the policy has neither script-src nor default-src"
            : /'unsafe-inline'|\s\*(\s|$)/.test(script)
              ? `the policy admits inline or any-origin scripts (${script})`
              : null;
        recorders.get("xss-csp")!.record(o, finding);
      }
      if (nosniff)
        recorders
          .get("xss-nosniff")!
          .record(
            o,
            String(h["x-content-type-options"] ?? "").toLowerCase() === "nosniff"
              ? null
              : "no X-Content-Type-Options: nosniff",
          );
    }
  }
  if (wants("gen-host-allowlist")) {
    const o = await prober.probe({
      probe: "Host: evil.example (DNS rebinding)",
      method: "GET",
      path: servedPath,
      headers: { ...baseHeaders, host: "evil.example" },
      write: false,
      maxBodyBytes: 4096,
    });
    const s = o.sent && o.exchange ? o.exchange.status : null;
    recorders
      .get("gen-host-allowlist")!
      .record(o, s === null || s === 403 || s === 421 || s === 400 ? null : `answered ${s} for a foreign Host`);
  }
  return recorders;
}
