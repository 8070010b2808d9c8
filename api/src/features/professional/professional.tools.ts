// The external tools the security audit runs from the repository root, each bounded in time: solhint over
// the contracts and npm's dependency audit against the advisory registry from config (NPM_AUDIT_REGISTRY;
// tests point it at a closed port, so they never reach the internet). A tool that cannot run says so and
// is never counted as a pass.
import { readdirSync } from "node:fs";
import path from "node:path";
import { runBounded } from "../../shared/run-bounded";
import { ADVISORIES_UNREACHABLE } from "./professional.constants";
import type { SecurityAuditResult } from "./professional.schemas";

/** The repository root (this file is api/src/features/professional/). */
export const REPO_ROOT = path.resolve(__dirname, "../../../..");

function countSolidity(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) n += countSolidity(path.join(dir, e.name));
    else if (e.name.endsWith(".sol")) n++;
  }
  return n;
}

export type SolhintPart = SecurityAuditResult["detail"]["solhint"];
export type DependencyPart = SecurityAuditResult["detail"]["dependencies"];

interface SolhintMessage {
  line?: number;
  severity?: string;
  message?: string;
  ruleId?: string;
  filePath?: string;
  conclusion?: string;
}

export async function runSolhint(timeoutMs = 60_000): Promise<SolhintPart> {
  const glob = "contracts/**/*.sol";
  const command = `npx solhint --formatter json '${glob}'`;
  const files = countSolidity(path.join(REPO_ROOT, "contracts"));
  const bin = path.join(REPO_ROOT, "node_modules", ".bin", "solhint");
  const out = await runBounded(bin, ["--formatter", "json", glob], { cwd: REPO_ROOT, timeoutMs });
  const notRun = (detail: string): SolhintPart => ({
    ran: false,
    detail,
    command,
    files,
    errors: 0,
    warnings: 0,
    findings: [],
  });
  if (out.error) return notRun(`solhint could not start: ${out.error}`);
  if (out.timedOut) return notRun(`solhint did not finish within ${timeoutMs / 1000} s`);
  let messages: SolhintMessage[];
  try {
    // solhint prints one JSON array: the findings, then {conclusion} when there are any.
    const start = out.stdout.indexOf("[");
    messages = JSON.parse(out.stdout.slice(start)) as SolhintMessage[];
  } catch {
    return notRun(`solhint's output was not JSON (exit ${out.code}): ${(out.stderr || out.stdout).slice(0, 300)}`);
  }
  const findings = messages.filter((m) => m.ruleId);
  const errors = findings.filter((m) => m.severity?.toLowerCase() === "error").length;
  const warnings = findings.length - errors;
  return {
    ran: true,
    detail: `${files} Solidity files: ${errors} error(s), ${warnings} warning(s) (.solhint.json: solhint:recommended plus our rules)`,
    command,
    files,
    errors,
    warnings,
    findings: findings.slice(0, 50).map((m) => ({
      file: m.filePath ?? "",
      line: typeof m.line === "number" ? m.line : null,
      ruleId: m.ruleId ?? "",
      severity: m.severity?.toLowerCase() === "error" ? ("error" as const) : ("warning" as const),
      message: m.message ?? "",
    })),
  };
}

interface AuditJson {
  error?: { code?: string; summary?: string };
  /** npm's report of an HTTP failure, e.g. "405 Method Not Allowed - POST …/advisories/bulk". */
  message?: string;
  vulnerabilities?: Record<string, { name?: string; severity?: string; via?: unknown[] }>;
  metadata?: { vulnerabilities?: Record<string, number>; dependencies?: { prod?: number; total?: number } };
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return "(invalid URL)";
  }
};

export async function runDependencyAudit(registry: string, timeoutMs = 15_000): Promise<DependencyPart> {
  const command = `npm audit --json --omit=dev --registry ${originOf(registry)}`;
  // No retries and a fetch timeout under the bound: an unreachable registry answers "unreachable" in time.
  const args = [
    "audit",
    "--json",
    "--omit=dev",
    `--registry=${registry}`,
    "--fetch-retries=0",
    `--fetch-timeout=${Math.max(1000, timeoutMs - 3000)}`,
    "--no-update-notifier",
    "--no-fund",
  ];
  const out = await runBounded("npm", args, { cwd: REPO_ROOT, timeoutMs });
  const unreachable = (why: string): DependencyPart => ({
    audited: false,
    detail: `${ADVISORIES_UNREACHABLE} (${why})`,
    command,
    registry: originOf(registry),
    vulnerabilities: null,
    dependencies: null,
    advisories: [],
  });
  if (out.error) return unreachable(`npm could not start: ${out.error}`);
  if (out.timedOut) return unreachable(`no answer within ${timeoutMs / 1000} s`);
  let json: AuditJson;
  try {
    json = JSON.parse(out.stdout) as AuditJson;
  } catch {
    return unreachable(`npm audit's output was not JSON (exit ${out.code})`);
  }
  // A registry that answers but serves no advisories (a mirror answering 405 to the bulk endpoint) says so in `message`.
  if (json.error || !json.metadata?.vulnerabilities)
    return unreachable(
      [
        json.error?.code,
        json.error?.summary?.split("\n")[0]?.slice(0, 200),
        json.message?.split("\n")[0]?.slice(0, 200),
      ]
        .filter(Boolean)
        .join(": ") || `exit ${out.code}`,
    );
  const v = json.metadata.vulnerabilities;
  const counts = {
    info: v.info ?? 0,
    low: v.low ?? 0,
    moderate: v.moderate ?? 0,
    high: v.high ?? 0,
    critical: v.critical ?? 0,
    total: v.total ?? 0,
  };
  const advisories = Object.entries(json.vulnerabilities ?? {})
    .slice(0, 50)
    .map(([name, a]) => {
      const via = (a.via ?? []).find(
        (x): x is { title: string } => typeof x === "object" && x !== null && "title" in x,
      );
      return {
        name,
        severity: a.severity ?? "unknown",
        title: via?.title ?? `via ${(a.via ?? []).filter((x) => typeof x === "string").join(", ")}`,
      };
    });
  return {
    audited: true,
    detail: `${json.metadata.dependencies?.prod ?? "?"} production dependencies audited: ${counts.critical} critical, ${counts.high} high, ${counts.moderate} moderate, ${counts.low} low`,
    command,
    registry: originOf(registry),
    vulnerabilities: counts,
    dependencies: json.metadata.dependencies?.prod ?? null,
    advisories,
  };
}
