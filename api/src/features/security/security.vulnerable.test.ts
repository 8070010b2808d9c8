// The suite's proof on a deliberately vulnerable server: every planted flaw is found by its own check (and
// only by it among the active checks; the passive rules that see the same flaw on the wire are named in
// SEEN_PASSIVELY), the clean server gives no finding, and the command line finds the same flaws.
import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendHttp } from "../../http/self-target";
import { runSecuritySuite, type SuiteRun } from "./engine/suite";
import { SECURITY_ACTIVE_CHECKS as SECURITY_CHECKS, type SecurityPassiveCheckId } from "./security.constants";
import { securityReport } from "./security.schemas";
import sample from "./testing/sample-report.json";
import sampleVulnerable from "./testing/sample-report-vulnerable.json";
import {
  PLANTED_FLAWS,
  startVulnerableServer,
  VULNERABLE_CHAIN_ID,
  type PlantedFlaw,
  type VulnerableServer,
} from "./testing/vulnerable-server";

const scan = (v: VulnerableServer): Promise<SuiteRun> =>
  runSecuritySuite({
    send: (p, o) => sendHttp(v.baseUrl + p, o),
    host: v.host,
    chainId: VULNERABLE_CHAIN_ID,
    target: v.baseUrl,
    chainRpcUrl: v.chainRpcUrl,
    recordCounter: v.recordCounter,
  });

async function scanWith(flaws: readonly PlantedFlaw[] | "all"): Promise<SuiteRun> {
  const v = await startVulnerableServer(flaws);
  try {
    return await scan(v);
  } finally {
    await v.close();
  }
}

/**
 * The planted flaws a passive rule sees too, in the answers the active probes received: the same flaw seen from two
 * sides (ZAP also raises its passive alert beside the active one), each counted by its own rule.
 */
const SEEN_PASSIVELY: Partial<Record<PlantedFlaw, SecurityPassiveCheckId[]>> = {
  "auth-cookie-flags": ["passive-cookie-httponly"],
  "csrf-cookie-samesite": ["passive-cookie-samesite"],
  "xss-csp": ["passive-html-csp"],
  "xss-nosniff": ["passive-html-nosniff"],
  "inj-sql": ["passive-sql-error"],
};

const statuses = (run: SuiteRun) => Object.fromEntries(run.results.map((r) => [r.id, r.status]));

describe("the security suite on the vulnerable server", () => {
  it("has a planted flaw for every active check of the suite", () => {
    expect(Object.keys(PLANTED_FLAWS).sort()).toEqual(SECURITY_CHECKS.map((c) => c.id).sort());
  });

  it("the page's fixtures are reports of the current shape (recorded before the passive rules)", () => {
    expect(securityReport.parse(sample).detailedResults).toHaveLength(SECURITY_CHECKS.length);
    expect(securityReport.parse(sampleVulnerable).summary.failedTests).toBe(SECURITY_CHECKS.length);
  });

  it("finds every planted flaw, each in its own check and category, with the request that showed it", async () => {
    const run = await scanWith("all");
    for (const check of SECURITY_CHECKS) {
      const r = run.results.find((x) => x.id === check.id)!;
      expect({ id: r.id, status: r.status, category: r.category }).toEqual({
        id: check.id,
        status: "FAIL",
        category: check.category,
      });
      expect(r.severity).toBe(check.severity);
      expect(r.evidence.some((e) => e.finding !== null)).toBe(true);
    }
    const passiveFails = run.results.filter((r) => r.id.startsWith("passive-") && r.status === "FAIL").map((r) => r.id);
    expect(passiveFails.sort()).toEqual([...new Set(Object.values(SEEN_PASSIVELY).flat())].sort());
    expect(run.stoppedBy).toBeNull();
  });

  it("with all flaws off finds nothing: every check passes (Secure is not applicable on http)", async () => {
    const run = await scanWith([]);
    expect(run.notApplicable.map((n) => n.id)).toEqual(["passive-cookie-secure"]);
    expect(
      Object.values(statuses(run)).every((s) => s === "PASS"),
      JSON.stringify(statuses(run)),
    ).toBe(true);
    expect(run.sessionsLeft).toBe(0);
    // The probes reached every operation that has a field, and every field.
    expect(run.coverage.fieldsProbed).toBe(run.coverage.fields);
  });

  it("each flaw alone fails its own check and nothing else", async () => {
    const flaws = Object.keys(PLANTED_FLAWS) as PlantedFlaw[];
    const failing: Record<string, string[]> = {};
    // Four servers at a time: each scan is a few hundred loopback requests.
    for (let i = 0; i < flaws.length; i += 4) {
      const batch = flaws.slice(i, i + 4);
      const runs = await Promise.all(batch.map((f) => scanWith([f])));
      batch.forEach(
        (f, j) => (failing[f] = runs[j]!.results.filter((r) => r.status !== "PASS").map((r) => `${r.id}:${r.status}`)),
      );
    }
    expect(failing).toEqual(
      Object.fromEntries(flaws.map((f) => [f, [`${f}:FAIL`, ...(SEEN_PASSIVELY[f] ?? []).map((p) => `${p}:FAIL`)]])),
    );
  });
});

describe("npm run security:scan against the vulnerable server", () => {
  let server: VulnerableServer;
  beforeAll(async () => {
    server = await startVulnerableServer("all");
  });
  afterAll(() => server.close());

  function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
    const started = Date.now();
    return new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [path.resolve("node_modules/tsx/dist/cli.mjs"), "scripts/security-scan.ts", ...args],
        { cwd: path.resolve("."), env: { ...process.env, NODE_OPTIONS: "" } },
      );
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("close", (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
    });
  }

  it("--json reports each check's category and status; every remotely visible flaw FAILs; exit code 1", async () => {
    const { code, stdout, stderr, ms } = await cli([
      "--target",
      server.baseUrl,
      "--chain-url",
      server.chainRpcUrl,
      "--json",
    ]);
    expect(code, stderr).toBe(1);
    const report = JSON.parse(stdout) as {
      detailedResults: { id: string; category: string; status: string }[];
      summary: { failedTests: number };
    };
    for (const check of SECURITY_CHECKS) {
      const r = report.detailedResults.find((x) => x.id === check.id)!;
      // A remote scan cannot count the target's rows: that check says so (WARNING) instead of guessing.
      expect({ id: r.id, category: r.category, status: r.status }).toEqual({
        id: check.id,
        category: check.category,
        status: check.id === "inj-refused-write" ? "WARNING" : "FAIL",
      });
    }
    expect(ms).toBeLessThan(15_000);
  }, 30_000);

  it("with --records-url (the target's row counts over HTTP) the command line finds every planted flaw, the written record too", async () => {
    const { code, stdout, stderr } = await cli([
      "--target",
      server.baseUrl,
      "--chain-url",
      server.chainRpcUrl,
      "--records-url",
      server.recordsUrl,
      "--json",
    ]);
    expect(code, stderr).toBe(1);
    const report = JSON.parse(stdout) as { detailedResults: { id: string; category: string; status: string }[] };
    for (const check of SECURITY_CHECKS) {
      const r = report.detailedResults.find((x) => x.id === check.id)!;
      expect({ id: r.id, category: r.category, status: r.status }).toEqual({
        id: check.id,
        category: check.category,
        status: "FAIL",
      });
    }
  }, 30_000);

  it("exit code 2 and a reason for an unreachable target or a missing --target", async () => {
    const unreachable = await cli(["--target", "http://127.0.0.1:1"]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/could not be read|ECONNREFUSED/);
    const usage = await cli([]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--target/);
  }, 30_000);
});
