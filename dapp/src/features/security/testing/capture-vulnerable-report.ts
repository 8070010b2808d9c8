// Captures a real report with failures for the page's tests: the security suite run against the API's
// deliberately vulnerable server (api/src/features/security/testing/vulnerable-server.ts) with the five
// planted flaws (a reflected XSS, an SQL error leak, a POST without an Origin check, a session cookie without
// flags, a 500 on bad input), scored by the API's own buildReport. Run from the repo root:
//   npx tsx dapp/src/features/security/testing/capture-vulnerable-report.ts
// It writes vulnerable-report.json beside itself. The clean report is the API's own sample-report.json.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sendHttp } from "../../../../../api/src/http/self-target";
import { buildReport } from "../../../../../api/src/features/security/engine/scoring";
import { runSecuritySuite } from "../../../../../api/src/features/security/engine/suite";
import { securityReport } from "../../../../../api/src/features/security/security.schemas";
import {
  startVulnerableServer,
  VULNERABLE_CHAIN_ID,
} from "../../../../../api/src/features/security/testing/vulnerable-server";

async function main() {
  const v = await startVulnerableServer([
    "xss-reflected",
    "inj-sql",
    "csrf-origin",
    "auth-cookie-flags",
    "inj-oversized-input",
  ]);
  try {
    const run = await runSecuritySuite({
      send: (p, o) => sendHttp(v.baseUrl + p, o),
      host: v.host,
      chainId: VULNERABLE_CHAIN_ID,
      target: v.baseUrl,
      chainRpcUrl: v.chainRpcUrl,
      recordCounter: v.recordCounter,
    });
    const report = securityReport.parse(buildReport(run, null));
    writeFileSync(join(__dirname, "vulnerable-report.json"), JSON.stringify(report, null, 1) + "\n");
    console.log(
      `score ${report.summary.overallScore} ${report.summary.securityGrade}; ${report.summary.failedTests} failed; ${report.requestsSent} requests`,
    );
  } finally {
    await v.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
