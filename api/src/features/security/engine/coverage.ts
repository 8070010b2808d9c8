// Which operations of the target's OpenAPI document a run reached, and why the others were not: a verdict
// says what it covered. An operation is reached when at least one request of the run went to it (any check:
// field probes, CSRF, sessions, headers, the sweep below). The sweep sends one plain GET to every read the
// other checks left out (no body, no session: its answer's nosniff header is judged, nothing else), so a
// parameterless read is probed too. What is still not reached is listed, out of scope with the reason, or
// "not reached" (a bound stopped the run first); only a run with every operation reached or out of scope may
// be DEPLOYMENT_READY (scoring.ts).
import type { SecurityCoverage } from "../security.schemas";
import type { CheckRecorder } from "./check-recorder";
import { fillPath, type SurfaceOperation } from "./openapi-surface";
import type { Prober } from "./prober";

export const opKey = (op: Pick<SurfaceOperation, "method" | "template">) => `${op.method} ${op.template}`;

/** Literal paths first: "/api/x/latest" is that operation's, not "/api/x/{id}"'s. */
export function matcher(ops: readonly SurfaceOperation[]): (method: string, path: string) => string | null {
  const compiled = ops
    .map((op) => ({
      key: opKey(op),
      method: op.method,
      params: (op.template.match(/\{[^}]+\}/g) ?? []).length,
      re: new RegExp(
        `^${op.template
          .split(/\{[^}]+\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
          .join("[^/]+")}/?$`,
      ),
    }))
    .sort((a, b) => a.params - b.params);
  return (method, path) => compiled.find((c) => c.method === method && c.re.test(path))?.key ?? null;
}

/** Operation keys at least one sent request went to. */
export function operationsReached(
  ops: readonly SurfaceOperation[],
  sent: readonly { method: string; path: string }[],
): Set<string> {
  const match = matcher(ops);
  const reached = new Set<string>();
  for (const s of sent) {
    let path = s.path;
    try {
      path = decodeURI(s.path);
    } catch {
      // a probe's deliberately broken encoding: matched as sent
    }
    const key = match(s.method, s.path) ?? match(s.method, path);
    if (key) reached.add(key);
  }
  return reached;
}

/** The reads no check reached: plain GETs, not writes, that need no session. */
export function sweepTargets(ops: readonly SurfaceOperation[], reached: Set<string>): SurfaceOperation[] {
  return ops.filter(
    (o) => o.method === "GET" && !o.write && !o.walletBound && o.access !== "operator" && !reached.has(opKey(o)),
  );
}

/** One plain GET each; a JSON answer without nosniff is the nosniff check's finding. */
export async function runCoverageSweep(
  prober: Prober,
  targets: readonly SurfaceOperation[],
  baseHeaders: Record<string, string>,
  nosniff: CheckRecorder | null,
): Promise<void> {
  for (const op of targets) {
    const o = await prober.probe({
      probe: "coverage sweep: the read no other check reached",
      method: "GET",
      path: fillPath(op),
      headers: baseHeaders,
      write: false,
      maxBodyBytes: 4096,
      keepHeaders: ["x-content-type-options"],
    });
    if (!nosniff) continue;
    const h = o.sent && o.exchange ? o.exchange.headers : null;
    nosniff.record(
      o,
      h && String(h["x-content-type-options"] ?? "").toLowerCase() !== "nosniff"
        ? "no X-Content-Type-Options: nosniff"
        : null,
    );
  }
}

/** Every operation not reached, out of scope with its reason or not reached with why. */
export function unprobedOperations(
  ops: readonly SurfaceOperation[],
  reached: Set<string>,
  outOfScope: ReadonlyMap<string, string>,
  stoppedBy: string | null,
  partial: boolean,
): SecurityCoverage["unprobed"] {
  return ops
    .filter((o) => !reached.has(opKey(o)))
    .map((o) => {
      const why = outOfScope.get(opKey(o));
      if (why) return { operation: opKey(o), outOfScope: true, reason: why };
      return {
        operation: opKey(o),
        outOfScope: false,
        reason: stoppedBy
          ? `not reached: ${stoppedBy}`
          : partial
            ? "not reached: no check of the categories run applies to it"
            : o.write
              ? "not reached: its write probes were not sent (the target's write rate limit)"
              : "not reached by any check",
      };
    });
}
