// The mainnet-readiness API against the real app: Hardhat's in-process chain with the whole suite deployed
// (deploySuite hands admin and pause rights to the Safe), PGlite in memory. The role holders are read from the
// chain, the pause path flips once testnet's multi-sig test has really run, the committed gas report is read,
// and history snapshots are stored once per change. The security and professional exports are structural
// interfaces: plain functions here (their features are wired at integration).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { errorHandler } from "../../http/error-handler";
import { jsonBody } from "../../http/json-body";
import { mountRoutes } from "../../http/route";
import { startTestApp, type TestApp } from "../../testing/harness";
import { createMainnetReadinessRouter, type MainnetReadinessDeps } from "./mainnet-readiness.routes";
import {
  mainnetReadinessHistoryResponse,
  mainnetReadinessReportResponse,
  mainnetReadinessStatusResponse,
  READINESS_ITEMS,
  type MainnetReadinessStatusResponse,
} from "./mainnet-readiness.schemas";
import { GAS_REPORT_PATH } from "./mainnet-readiness.gas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
}, 120_000);
afterAll(() => t?.close());

const statusOf = async (app = t.app) =>
  mainnetReadinessStatusResponse.parse((await request(app).get("/api/mainnet-readiness/status").expect(200)).body);
const item = (s: MainnetReadinessStatusResponse, id: string) => s.items.find((i) => i.id === id)!;
const historyOf = async (app = t.app) =>
  mainnetReadinessHistoryResponse.parse((await request(app).get("/api/mainnet-readiness/history").expect(200)).body);

describe("mainnet readiness on the local chain after deploySuite", () => {
  let first: MainnetReadinessStatusResponse;

  it("reads every role holder from the chain: admin and pause rights with the Safe, operational EOA roles named", async () => {
    first = await statusOf();
    const safe = t.deployment!.TreasuryMultisig!.address;
    expect(first.chain).toMatchObject({ chainId: 31337, network: "hardhat", safe });
    const signer = t.deps.evm.node.account;

    const admin = first.roleHolders.filter((h) => h.role === "DEFAULT_ADMIN_ROLE" && h.counted);
    expect(new Set(admin.map((h) => h.contract))).toEqual(
      new Set([
        "TreasuryVault",
        "XQBUSD",
        "XQBToken",
        "XQBMinter",
        "VibeCoin",
        "vibeETH",
        "qETH",
        "xqbETH",
        "LendingPool",
        "LeverageRouter",
        "LiquidityBufferUnwinder",
        "BridgeEscrow",
        "AttestationRegistry",
      ]),
    );
    for (const h of admin) expect(h).toMatchObject({ holder: safe, kind: "safe", privileged: true });
    // Every counted admin/pause right is the Safe's: no EOA admin.
    expect(first.roleHolders.filter((h) => h.privileged && h.counted && h.kind !== "safe")).toEqual([]);
    expect(first.roleHolders.find((h) => h.contract === "BridgeEscrow" && h.role === "PAUSER_ROLE")).toMatchObject({
      holder: safe,
      kind: "safe",
    });

    // The API signer's VIBE minter role and the bridge relayer: operational EOA roles, listed as such.
    expect(
      first.roleHolders.find((h) => h.contract === "VibeCoin" && h.role === "MINTER_ROLE" && h.holder === signer),
    ).toMatchObject({ kind: "eoa", privileged: false, holderName: "the API signer (minter)" });
    expect(first.roleHolders.find((h) => h.contract === "BridgeEscrow" && h.role === "RELAYER_ROLE")).toMatchObject({
      kind: "eoa",
      privileged: false,
      holderName: expect.stringContaining("bridge relayer"),
    });
    // Contracts of the map holding roles are named: the minter mints XQB.
    expect(
      first.roleHolders.find((h) => h.contract === "XQBToken" && h.role === "MINTER_ROLE" && h.kind === "contract"),
    ).toMatchObject({ holderName: "XQBMinter" });
    // The mocks stay with the deployer (an EOA), listed and not counted.
    expect(first.roleHolders.find((h) => h.contract === "MockUSDC" && h.role === "DEFAULT_ADMIN_ROLE")).toMatchObject({
      kind: "eoa",
      counted: false,
    });

    expect(item(first, "safe-admin")).toMatchObject({ passed: true, kind: "reading" });
    expect(item(first, "safe-admin").detail).toMatch(
      /^all \d+ admin and pause rights on 13 contracts are held by the Safe; \d+ operational roles held by EOAs; mocks not counted: MockUSDC, MockV3Aggregator/,
    );
    expect(item(first, "safe-admin").evidence).toContain(
      `operational: VibeCoin MINTER_ROLE: ${signer} (the API signer (minter))`,
    );
  });

  it("keys: the defaults are dev keys and per-process keys, each named with its source", () => {
    const keys = item(first, "keys-from-env");
    expect(keys.passed).toBe(false);
    expect(keys.detail).toBe(
      "7 of 7 server keys are not from the environment: EVM signer (EVM_PRIVATE_KEY), Stellar server secret (STELLAR_SECRET), XRPL seed (XRPL_SEED), VIBE issuer (STELLAR_ISSUER_SECRET), PQ attestation seed (PQ_ATTESTATION_SEED), Safe owner keys (dev owners #1-#3 when SAFE_DEV_OWNERS=on), Isolator custody key (Q_ISOLATOR_KEY)",
    );
    expect(keys.evidence).toContain("EVM signer (EVM_PRIVATE_KEY): a public development key");
    expect(keys.evidence).toContain("XRPL seed (XRPL_SEED): generated by this process at start");
  });

  it("gas: the committed docs/gas-report.json, n of m within budget, with its date and commit", () => {
    const report = JSON.parse(readFileSync(GAS_REPORT_PATH, "utf8")) as {
      measuredAt: string;
      commit: string | null;
      rows: { within: boolean | null }[];
    };
    const anchored = report.rows.filter((r) => r.within !== null);
    const within = anchored.filter((r) => r.within).length;
    const gas = item(first, "gas-budget");
    expect(gas.passed).toBe(within === anchored.length);
    expect(gas.detail).toContain(`${within} of ${anchored.length} calls with a budget are within it`);
    expect(gas.detail).toContain(`measured ${report.measuredAt}`);
    if (report.commit) expect(gas.detail).toContain(report.commit.slice(0, 12));
    expect(gas.measuredAt).toBe(new Date(report.measuredAt).toISOString());
  });

  it("not run yet and the audit statement count as not passed; score = passed / all items; failing first", () => {
    expect(item(first, "pause-path")).toMatchObject({
      passed: null,
      detail: expect.stringContaining("no passing emergency run for this chain instance yet"),
    });
    // app.ts wires the security and professional exports: on a fresh database nothing has run yet.
    expect(item(first, "security-suite")).toMatchObject({
      passed: null,
      detail: expect.stringMatching(/^not measured: the comprehensive security suite has not run yet/),
    });
    for (const id of ["load-test", "disaster-recovery"])
      expect(item(first, id)).toMatchObject({
        passed: null,
        detail: expect.stringMatching(/^not measured: no (load-testing|disaster-recovery) run yet/),
      });
    // The property tests' record is this machine's file (data/reports): absent, or whatever the last run wrote.
    expect(item(first, "property-tests").detail).toMatch(
      /never recorded on this machine|property tests passed, recorded|property runs/,
    );
    expect(item(first, "external-audit")).toMatchObject({ passed: false, kind: "statement", measuredAt: null });
    expect(first.items.map((i) => i.id).sort()).toEqual(READINESS_ITEMS.map((i) => i.id).sort());
    const passed = first.items.filter((i) => i.passed === true).length;
    expect(first).toMatchObject({
      passed,
      total: READINESS_ITEMS.length,
      score: Math.round((passed / READINESS_ITEMS.length) * 1000) / 10,
    });
    const ranks = first.items.map((i) => (i.passed === false ? 0 : i.passed === null ? 1 : 2));
    expect(ranks).toEqual([...ranks].sort());
  });

  it("history: one snapshot per change; the pause path passes once the multi-sig test has run on this chain", async () => {
    expect(first.snapshotStored).toBe(true);
    const again = await statusOf();
    expect(again.snapshotStored).toBe(false);
    expect((await historyOf()).points).toHaveLength(1);

    await request(t.app).post("/api/testnet/test-multisig").expect(200);
    const after = await statusOf();
    expect(item(after, "pause-path")).toMatchObject({ passed: true, link: { href: "/testnet-perfection" } });
    expect(item(after, "pause-path").evidence[0]).toMatch(/^run #\d+$/);
    // The run says who ran it and where: a fresh in-process chain, never the shared one.
    expect(item(after, "pause-path")).toMatchObject({
      ranBy: "open (local presenter)",
      detail: expect.stringMatching(
        /run by open \(local presenter\).*on in-process chain, fresh deploy of the suite at/,
      ),
    });
    expect(after.snapshotStored).toBe(true);
    expect(after.score).toBeGreaterThan(first.score);
    expect((await statusOf()).snapshotStored).toBe(false);

    const h = await historyOf();
    expect(h.points.map((p) => p.score)).toEqual([first.score, after.score]);
    expect(h.points[1]!.items["pause-path"]).toBe(true);
    expect(h.points[0]!.items["pause-path"]).toBeNull();
    expect(h.snapshotRule).toMatch(/10 minutes/);
  }, 60_000);

  it("report: Markdown with every item's verdict and the role holders; history limit is checked", async () => {
    const r = mainnetReadinessReportResponse.parse(
      (await request(t.app).get("/api/mainnet-readiness/report").expect(200)).body,
    );
    expect(r.filename).toMatch(/^mainnet-readiness-\d{4}-\d{2}-\d{2}\.md$/);
    expect(r.markdown).toContain("# Mainnet readiness report");
    expect(r.markdown).toContain("### External security audit: NOT DONE (statement)");
    expect(r.markdown).toContain("| XQBToken | DEFAULT_ADMIN_ROLE |");
    for (const i of READINESS_ITEMS) expect(r.markdown).toContain(`### ${i.label}`);
    const bad = await request(t.app).get("/api/mainnet-readiness/history?limit=0").expect(400);
    expect(JSON.stringify(bad.body)).toContain("limit");
  });
});

describe("the other features' results, through their structural exports", () => {
  const day = 86_400_000;
  const now = new Date("2026-11-24T12:00:00Z");
  function appWith(over: Partial<MainnetReadinessDeps>) {
    const router = createMainnetReadinessRouter({
      db: t.deps.database.db,
      chainId: 31337,
      network: "hardhat",
      node: t.deps.evm.node,
      index: t.deps.evm.index,
      serverSigner: t.deps.evm.node.account,
      keySources: loadConfig({}).keySources,
      configuredAt: now,
      now: () => now,
      ...over,
    });
    const a = express();
    a.use(jsonBody("1kb"));
    a.use(mountRoutes(router.routes));
    a.use(errorHandler);
    return a;
  }
  const securityRun = (ranAt: Date, status: "PASS" | "FAIL") => ({
    latest: async () => ({
      summary: {
        overallScore: status === "PASS" ? 100 : 80,
        passedTests: status === "PASS" ? 5 : 4,
        totalTests: 5,
        criticalIssues: 0,
      },
      detailedResults: [
        {
          testName: "Reflected XSS in query strings",
          category: "XSS",
          severity: status === "PASS" ? "OK" : "HIGH",
          status,
        },
      ],
      ranAt: ranAt.toISOString(),
      ranBy: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
    }),
  });

  it("security: a FAIL is a failing item naming the test; older than the window is stale (not counted)", async () => {
    const failing = await statusOf(appWith({ security: securityRun(new Date(now.getTime() - 3_600_000), "FAIL") }));
    expect(item(failing, "security-suite")).toMatchObject({
      passed: false,
      evidence: ["FAIL XSS HIGH: Reflected XSS in query strings"],
      ageSeconds: 3600,
    });
    expect(item(failing, "security-suite").detail).toBe(
      "4 of 5 checks pass, 0 critical issues, score 80 (1 hour ago, run by 0x70997970C51812dc3A010C7d01b50e0d17dc79C8)",
    );
    expect(item(failing, "security-suite").ranBy).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    const stale = await statusOf(appWith({ security: securityRun(new Date(now.getTime() - 8 * day), "PASS") }));
    expect(item(stale, "security-suite").passed).toBeNull();
    expect(item(stale, "security-suite").detail).toMatch(
      /^stale: passed 8 days ago, run by 0x70997970C51812dc3A010C7d01b50e0d17dc79C8, older than the 168 h window/,
    );
  });

  it("professional: load, DR and property tests read with their age; keys all from the environment pass", async () => {
    const s = await statusOf(
      appWith({
        professional: {
          latest: async (kind) =>
            kind === "load-testing"
              ? {
                  ranAt: new Date(now.getTime() - 120_000).toISOString(),
                  passed: true,
                  score: 100,
                  summary: "p95 12 ms < 200 ms, 0% errors",
                  ranBy: "open (local presenter)",
                }
              : null,
          contractProperties: async () => ({
            recordedAt: now.toISOString(),
            passed: false,
            tests: 12,
            failed: 1,
            source: "data/reports/contract-properties.json",
          }),
        },
        keySources: {
          evmSigner: "env",
          stellarServer: "env",
          xrplServer: "env",
          vibeIssuer: "env",
          pqAttestation: "env",
          safeOwners: "none",
          qIsolatorCustody: "env",
        },
      }),
    );
    expect(item(s, "load-test")).toMatchObject({
      passed: true,
      detail: "passed, score 100: p95 12 ms < 200 ms, 0% errors (2 minutes ago, run by open (local presenter))",
      ranBy: "open (local presenter)",
    });
    expect(item(s, "disaster-recovery")).toMatchObject({
      passed: null,
      detail: expect.stringMatching(/^not measured: no disaster-recovery run yet/),
    });
    expect(item(s, "property-tests")).toMatchObject({
      passed: false,
      detail: `11 of 12 property tests passed, recorded ${now.toISOString()}`,
    });
    expect(item(s, "keys-from-env")).toMatchObject({
      passed: true,
      detail: "all 7 server keys come from the environment or are not held",
    });
  });

  it("gas: an over-budget call fails the item and is named; a missing report is not measured", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "gas-"));
    const file = path.join(dir, "gas-report.json");
    writeFileSync(
      file,
      JSON.stringify({
        measuredAt: "2026-11-20T10:00:00.000Z",
        commit: "abcdef0123456789",
        rows: [
          { call: "A.mint", scenario: "first", executionGas: 30000, budget: 39360, within: true },
          { call: "B.deposit", scenario: "first", executionGas: 80000, budget: 75240, within: false },
          { call: "C.lock", scenario: "first", executionGas: 50000, budget: null, within: null },
        ],
      }),
    );
    const over = await statusOf(appWith({ gasReportPath: file }));
    expect(item(over, "gas-budget")).toMatchObject({
      passed: false,
      detail:
        "1 of 2 calls with a budget are within it; over: B.deposit (1 without an anchor, listed in docs/GAS.md); measured 2026-11-20T10:00:00.000Z at commit abcdef012345",
      evidence: ["B.deposit (first): 80,000 execution gas > 75,240 budget"],
    });
    const missing = await statusOf(appWith({ gasReportPath: path.join(dir, "none.json") }));
    expect(item(missing, "gas-budget")).toMatchObject({
      passed: null,
      detail: "not measured: none.json is missing (run npm run bench:gas)",
    });
  });
});
