// npm run security:scan -- --target http://127.0.0.1:3000 [--json] [--budget-seconds 25] [--chain-url URL] [--records-url URL]
// --login user:password: credentials for the target's sign-in (a login form on its pages, or a POST of its document
// with user and password fields); the passive rules then read the session cookie it sets and the signed-in answers.
// --records-url: a URL answering GET with the target's row counts as JSON ({table: rows}); with it the scan
// can see a record written by a refused request, which is otherwise only visible in-process.
//   [--chain-id 31337] [--openapi /api/openapi.json]
// The security suite (api/src/features/security/engine) against any base URL: it learns the target's endpoints
// from its OpenAPI 3 document and probes them. Exit 1 when any check FAILs, 0 otherwise, 2 on a usage error
// or an unreachable target. A remote scan cannot count the target's database rows, so that check is a WARNING.
import { parseArgs } from "node:util";
import { sendHttp } from "../api/src/http/self-target";
import { buildReport } from "../api/src/features/security/engine/scoring";
import { runSecuritySuite } from "../api/src/features/security/engine/suite";
import { SECURITY_DEFAULT_BUDGET } from "../api/src/features/security/security.constants";
import type { SecurityReport } from "../api/src/features/security/security.schemas";

const USAGE =
  "usage: npm run security:scan -- --target http://host:port [--json] [--budget-seconds N] [--chain-url URL] [--chain-id N] [--openapi PATH] [--records-url URL] [--login user:password]";

function usage(why: string): never {
  process.stderr.write(`${why}\n${USAGE}\n`);
  process.exit(2);
}

function parse() {
  try {
    const { values } = parseArgs({
      options: {
        target: { type: "string" },
        json: { type: "boolean", default: false },
        "budget-seconds": { type: "string" },
        "chain-url": { type: "string" },
        "records-url": { type: "string" },
        login: { type: "string" },
        "chain-id": { type: "string", default: "31337" },
        openapi: { type: "string", default: "/api/openapi.json" },
      },
      strict: true,
    });
    return values;
  } catch (err) {
    return usage(err instanceof Error ? err.message : String(err));
  }
}

function table(report: SecurityReport): string {
  const rows = report.detailedResults.map((r) => [
    r.testName,
    r.category,
    r.severity,
    r.status,
    r.status === "PASS" ? "" : r.detail,
  ]);
  const head = ["check", "category", "severity", "status", "finding"];
  const widths = head.map((h, i) => Math.min(i === 4 ? 100 : 40, Math.max(h.length, ...rows.map((r) => r[i]!.length))));
  const line = (cells: string[]) =>
    cells.map((c, i) => (c.length > widths[i]! ? `${c.slice(0, widths[i]! - 1)}…` : c.padEnd(widths[i]!))).join("  ");
  const s = report.summary;
  return [
    line(head),
    line(widths.map((w) => "-".repeat(w))),
    ...rows.map(line),
    "",
    `score ${s.overallScore} (grade ${s.securityGrade}), ${s.passedTests} passed, ${s.failedTests} failed, ${s.warningTests} warnings of ${s.totalTests}; critical issues ${s.criticalIssues}; ${report.governmentReadiness}`,
    ...(report.notApplicable.length
      ? [
          `not applicable (passive rules with nothing of their kind to judge): ${report.notApplicable.map((n) => `${n.testName} (${n.reason})`).join("; ")}`,
        ]
      : []),
    `${report.requestsSent} requests in ${report.durationMs} ms; operations probed ${report.coverage.operationsProbed} of ${report.coverage.operations}, fields ${report.coverage.fieldsProbed} of ${report.coverage.fields}${report.stoppedBy ? `; stopped early: ${report.stoppedBy}` : ""}`,
    `rule: ${report.scoringRule}`,
  ].join("\n");
}

async function main(): Promise<void> {
  const args = parse();
  if (!args.target) usage("--target is required");
  let base: URL;
  try {
    base = new URL(args.target);
  } catch {
    return usage(`--target ${args.target} is not a URL`);
  }
  if (base.protocol !== "http:")
    usage("--target must be an http:// URL (the probes keep the Host header, which needs node:http)");
  const seconds =
    args["budget-seconds"] === undefined ? SECURITY_DEFAULT_BUDGET.maxMs / 1000 : Number(args["budget-seconds"]);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600)
    usage("--budget-seconds must be a number of seconds, 1 to 600");
  const chainId = Number(args["chain-id"]);
  if (!Number.isSafeInteger(chainId) || chainId <= 0) usage("--chain-id must be a positive integer");
  const origin = base.origin;
  const recordsUrl = args["records-url"];
  if (recordsUrl !== undefined && !/^http:\/\//.test(recordsUrl)) usage("--records-url must be an http:// URL");
  /** The target's row counts, read over HTTP; anything but a JSON object of counts is an error, not a guess. */
  const recordCounter = recordsUrl
    ? async (): Promise<Record<string, number>> => {
        const answer = await sendHttp(recordsUrl, { timeoutMs: 5000 });
        const counts = JSON.parse(answer.body) as unknown;
        if (
          answer.status !== 200 ||
          typeof counts !== "object" ||
          counts === null ||
          Object.values(counts).some((n) => typeof n !== "number")
        ) {
          throw new Error(`--records-url answered ${answer.status} without a JSON object of row counts`);
        }
        return counts as Record<string, number>;
      }
    : undefined;

  const login = args.login;
  if (login !== undefined && !/^[^:]+:./.test(login)) usage("--login must be user:password");
  const credentials =
    login === undefined
      ? null
      : { user: login.slice(0, login.indexOf(":")), password: login.slice(login.indexOf(":") + 1) };

  let report: SecurityReport;
  try {
    const run = await runSecuritySuite({
      send: (path, opts) => sendHttp(`${origin}${path}`, opts),
      host: base.host,
      chainId,
      chainRpcUrl: args["chain-url"] ?? null,
      ...(recordCounter ? { recordCounter } : {}),
      openapi: args.openapi,
      budget: { maxMs: seconds * 1000 },
      target: origin,
      login: credentials,
    });
    report = buildReport(run);
  } catch (err) {
    process.stderr.write(`security:scan: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(2);
  }
  process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : `${table(report)}\n`);
  process.exitCode = report.summary.failedTests > 0 ? 1 : 0;
}

void main();
