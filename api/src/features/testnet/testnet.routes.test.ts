// The testnet readiness API against the real app: Hardhat's in-process chain with the suite deployed, PGlite
// in memory. The treasury test and the multi-sig test run for real (hashes, decoded reverts, the vault's state),
// the status flags flip after them and the readiness score rises; off the local chain the steps say why they
// are skipped. The treasury-staking exports are plain functions here (the integrator wires the real ones).
import express from "express";
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorHandler } from "../../http/error-handler";
import { jsonBody } from "../../http/json-body";
import { mountRoutes } from "../../http/route";
import { CLOSED_HTTP, startTestApp, type TestApp } from "../../testing/harness";
import { devKeysFor } from "../../ledgers/evm/dev-keys";
import { createTestnetRouter, type TestnetDeps } from "./testnet.routes";
import { multisigRoadFrom } from "./testnet.safe-road";
import { SafeRoad } from "../../ledgers/evm/safe/safe-road";
import type { EvmChain } from "../../ledgers/evm";
import {
  franklinReportResponse,
  multisigTestResponse,
  NO_ENDORSEMENT,
  perfectResponse,
  READINESS_CHECKS,
  testnetStatusResponse,
  treasuryTestResponse,
  type TestnetStatusResponse,
} from "./testnet.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
}, 120_000);
afterAll(() => t?.close());

const status = async (app = t.app) => testnetStatusResponse.parse((await request(app).get("/api/testnet/status").expect(200)).body);
const check = (s: TestnetStatusResponse, id: string) => s.checks.find((c) => c.id === id)!;
const passedIds = (s: TestnetStatusResponse) => s.checks.filter((c) => c.passed).map((c) => c.id);

describe("testnet readiness on the local chain", () => {
  let before: TestnetStatusResponse;

  it("before any test: contracts deployed (code at every map address), no run on this chain instance, score = passing share", async () => {
    await request(t.app).get("/api/testnet/status").expect(200); // one measured request, so the success rate exists
    before = await status();
    expect(before.contractsDeployed).toBe(true);
    expect(before.contracts.missing).toEqual([]);
    expect(before.contracts.expected).toBeGreaterThanOrEqual(20);
    expect(before.multiSigTested).toBe(false);
    expect(before.emergencyFunctionsTested).toBe(false);
    expect(check(before, "treasuryTested").passed).toBe(false);
    expect(check(before, "multiSigTested").detail).toBe("no passing run on this chain instance yet");
    // treasury-staking's own readings (wired in app.ts): no paper position yet; the yields served vs the source file.
    expect(check(before, "treasuryArbitrageActive")).toMatchObject({ passed: false, detail: "0 open treasury-staking positions" });
    expect(check(before, "treasuryYieldAccuracy").detail).toMatch(/% of \d+ tenors served equal the source file/);
    expect(before.multiSig).toMatchObject({ threshold: 2, owners: expect.any(Array) });
    expect(before.multiSig!.owners).toHaveLength(3);
    expect(before.chain).toMatchObject({ chainId: 31337, network: "hardhat", live: true, chainInstance: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(before.requestMetrics.requests).toBeGreaterThanOrEqual(1);
    expect(before.performanceMetrics.successRate).toBe(100);
    expect(before.checks.map((c) => c.id)).toEqual(READINESS_CHECKS.map((c) => c.id));
    expect(before.readinessScore).toBe(Math.round((passedIds(before).length / READINESS_CHECKS.length) * 1000) / 10);
    expect(before.franklinTempletonReady).toBe(false);
    expect(before.disclaimer).toBe(NO_ENDORSEMENT);
    console.log(`readiness before: ${before.readinessScore}% (${passedIds(before).join(", ")})`);
  });

  it("POST /api/testnet/test-treasury: 150% mint, 149% refused (decoded), price down below 130%, liquidated by #8, price restored; every hash", async () => {
    const [, , , , , , , borrower, liquidator] = await hre.viem.getWalletClients();
    const priceBefore = await (await hre.viem.getContractAt("MockV3Aggregator", t.deployment!.MockV3Aggregator!.address)).read.latestAnswer();

    const res = await request(t.app).post("/api/testnet/test-treasury").expect(200);
    const { run, vault } = treasuryTestResponse.parse(res.body);
    const failedSteps = run.steps.filter((s) => s.outcome !== "passed");
    expect(failedSteps, JSON.stringify(failedSteps, null, 1)).toEqual([]);
    expect(run).toMatchObject({ kind: "treasury", passed: true, source: "live", chainId: 31337, chainInstance: before.chain.chainInstance, onCurrentChain: true });

    // Every transaction step carries its mined hash, and the chain has it as a success.
    const client = await hre.viem.getPublicClient();
    const txSteps = run.steps.filter((s) => s.kind === "transaction");
    expect(txSteps.length).toBeGreaterThanOrEqual(6);
    for (const s of txSteps) {
      expect(s.txHash, s.name).toMatch(/^0x[0-9a-f]{64}$/);
      expect((await client.getTransactionReceipt({ hash: s.txHash as `0x${string}` })).status).toBe("success");
    }
    const byName = (prefix: string) => run.steps.filter((s) => s.name.startsWith(prefix));
    const mint = byName("Borrower (#7) mints")[0]!;
    expect(Number(mint.numbers.collateralRatioBps)).toBe(15000);
    const refused = byName("A further mint")[0]!;
    expect(refused).toMatchObject({ kind: "call", expect: "revert", expectedError: "CollateralRatioTooLow", txHash: null });
    expect(refused.revertReason).toMatch(/CollateralRatioTooLow\(ratioBps=14(899|900), minimumBps=15000\)/);
    const moves = byName("API signer (#0) moves");
    expect(moves.length).toBeGreaterThanOrEqual(3); // 150% -> below 130% needs a 13.4% fall: three 5% moves
    expect(moves.at(-1)!.numbers.liquidatable).toBe("true");
    expect(Number(moves.at(-1)!.numbers.collateralRatioBps)).toBeLessThan(13000);
    const liq = byName("Liquidator (#8) liquidates")[0]!;
    expect(liq.numbers.debtAfter).toBe("0");
    expect(BigInt(liq.numbers.ethSeizedWei!)).toBeGreaterThan(0n);

    // The vault as the chain has it now: the borrower's debt repaid, the price back where it was.
    expect(vault!.borrower).toMatchObject({ debt: "0", collateralRatioBps: "max", liquidatable: false });
    expect(vault!.borrower.account.toLowerCase()).toBe(borrower!.account.address.toLowerCase());
    expect(vault!.liquidator.account.toLowerCase()).toBe(liquidator!.account.address.toLowerCase());
    expect(vault!.ethUsdPrice).toBe(priceBefore.toString());
    console.log("treasury test:", run.steps.map((s) => `${s.outcome} ${s.name} ${s.txHash ?? ""} ${JSON.stringify(s.numbers)}`).join("\n  "), "\nvault:", JSON.stringify(vault));
  }, 120_000);

  it("one test at a time: a second request while one runs is a 409 CONFLICT; a body is a 400", async () => {
    const [a, b] = await Promise.all([request(t.app).post("/api/testnet/test-treasury"), request(t.app).post("/api/testnet/test-treasury")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const conflict = a.status === 409 ? a : b;
    expect(conflict.body).toMatchObject({ code: "CONFLICT", error: expect.stringMatching(/already running \(treasury test/) });
    // A second run on the same accounts passes too (the borrower's leftover collateral counts in its maxMintable).
    expect(treasuryTestResponse.parse((a.status === 200 ? a : b).body).run.passed).toBe(true);

    for (const path of ["/api/testnet/test-treasury", "/api/testnet/test-multisig", "/api/testnet/perfect"]) {
      const res = await request(t.app).post(path).send({}).expect(400);
      expect(res.body).toMatchObject({ code: "INVALID_INPUT", issues: [{ path: "", message: "this endpoint takes no body" }] });
    }
  }, 120_000);

  it("POST /api/testnet/test-multisig: one signature refused (GS020), two execute (hash); paused -> EnforcedPause -> unpaused", async () => {
    const res = await request(t.app).post("/api/testnet/test-multisig").expect(200);
    const { multisig, emergency } = multisigTestResponse.parse(res.body);
    const bad = [...multisig.steps, ...emergency.steps].filter((s) => s.outcome !== "passed");
    expect(bad, JSON.stringify(bad, null, 1)).toEqual([]);
    expect(multisig).toMatchObject({ kind: "multisig", passed: true, source: "live" });
    expect(emergency).toMatchObject({ kind: "emergency", passed: true, source: "live" });
    const [safeRead, one, two] = multisig.steps;
    expect(safeRead!.numbers).toEqual({ owners: "3", threshold: "2" });
    expect(one).toMatchObject({ kind: "call", expectedError: "GS020", revertReason: expect.stringMatching(/GS020/), txHash: null });
    expect(one!.numbers.safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(two!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(emergency.steps.map((s) => [s.name, s.revertReason?.match(/EnforcedPause/)?.[0] ?? null])).toContainEqual(["A user's deposit is refused while paused", "EnforcedPause"]);
    const unpause = emergency.steps.find((s) => s.name.startsWith("The Safe unpauses"))!;
    expect(unpause.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const pool = await hre.viem.getContractAt("LiquidStakingPool", t.deployment!.qETH!.address);
    expect(await pool.read.paused()).toBe(false);
    console.log("multisig:", [...multisig.steps, ...emergency.steps].map((s) => `${s.outcome} ${s.name} ${s.txHash ?? ""} ${s.revertReason ?? ""}`).join("\n  "));
  }, 120_000);

  it("after the runs: the flags flip with their hashes as evidence, and the score rises", async () => {
    const after = await status();
    expect(after.multiSigTested).toBe(true);
    expect(after.emergencyFunctionsTested).toBe(true);
    expect(check(after, "treasuryTested").passed).toBe(true);
    expect(check(after, "multiSigTested").evidence.some((e) => /^0x[0-9a-f]{64}$/.test(e))).toBe(true);
    expect(after.latestRuns.treasury).toMatchObject({ passed: true, onCurrentChain: true });
    expect(after.readinessScore).toBeGreaterThan(before.readinessScore);
    console.log(`readiness after: ${after.readinessScore}% (${passedIds(after).join(", ")})`);
  });

  it("POST /api/testnet/perfect: both tests, then the status: score, readiness and the three runs", async () => {
    const body = perfectResponse.parse((await request(t.app).post("/api/testnet/perfect").expect(200)).body);
    expect(body.runs.map((r) => [r.kind, r.passed])).toEqual([
      ["multisig", true],
      ["emergency", true],
      ["treasury", true],
    ]);
    expect(body.readinessScore).toBeGreaterThanOrEqual(body.readinessScoreBefore);
    expect(body.franklinTempletonReady).toBe(false); // no treasury-staking position is open yet
    expect(body.checks).toHaveLength(READINESS_CHECKS.length);
  }, 180_000);

  it("a stale feed (the local clock moved past the vault's maxPriceAge) is refreshed first, by a transaction of its own", async () => {
    for (let i = 0; i < 2; i++) await request(t.app).post("/api/local-chain/advance-time").send({ days: 30 }).expect(200);
    const { run } = treasuryTestResponse.parse((await request(t.app).post("/api/testnet/test-treasury").expect(200)).body);
    expect(run.passed).toBe(true);
    expect(run.steps[0]).toMatchObject({ kind: "transaction", outcome: "passed", txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(Number(run.steps[0]!.numbers.ageSeconds)).toBeGreaterThan(Number(run.steps[0]!.numbers.maxPriceAgeSeconds));
  }, 120_000);

  it("GET /api/testnet/franklin-report: our report in the spec's layout, downloadable, claiming no endorsement", async () => {
    const body = franklinReportResponse.parse((await request(t.app).get("/api/testnet/franklin-report").expect(200)).body);
    expect(body.filename).toMatch(/^testnet-readiness-report-\d{4}-\d{2}-\d{2}\.md$/);
    expect(body.markdown).toContain("## Readiness summary");
    expect(body.markdown).toContain(NO_ENDORSEMENT);
    expect(body.markdown).toMatch(/Franklin readiness: \*\*PENDING\*\*/);
    expect(body.report.sections.map((s) => s.title)).toEqual(["Smart contract infrastructure", "Security and governance", "Treasury operations", "Performance"]);
    expect(body.report.sections.flatMap((s) => s.items)).toHaveLength(READINESS_CHECKS.length);
    expect(body.report.summary.checksPassed).toBeGreaterThanOrEqual(4);
  });
});

describe("with treasury-staking's own readings (its routes on the same app)", () => {
  it("paper positions opened and aged a replay week: arbitrage active, capture measured and judged by the stated band", async () => {
    const opportunities = (await request(t.app).get("/api/treasury-staking/opportunities").expect(200)).body.opportunities as { id: string; capitalRequired: number }[];
    for (const o of opportunities) await request(t.app).post("/api/treasury-staking/stake").send({ opportunityId: o.id, amount: Math.ceil(o.capitalRequired) + 1000 }).expect(201);
    await request(t.app).post("/api/treasury-staking/replay/advance").send({ by: "week" }).expect(200);
    const s = await status();
    expect(check(s, "treasuryArbitrageActive")).toMatchObject({ passed: true, detail: `${opportunities.length} open treasury-staking positions` });
    expect(check(s, "treasuryYieldAccuracy").passed).toBe(true);
    const capture = check(s, "arbitrageSpreadCapture");
    const percent = s.performanceMetrics.arbitrageSpreadCapture;
    // The band rule on whatever treasury-staking measured (null: not measured, with its reason).
    if (percent === null) expect(capture).toMatchObject({ passed: false, detail: expect.stringMatching(/^not measured: /) });
    else expect(capture.passed).toBe(percent >= 50 && percent <= 200);
    expect(s.readinessScore).toBe(Math.round((passedIds(s).length / READINESS_CHECKS.length) * 1000) / 10);
    console.log(`readiness with positions: ${s.readinessScore}% (${passedIds(s).join(", ")}); capture: ${capture.detail}`);
  }, 120_000);
});

describe("the status with the treasury-staking exports, and on another chain instance", () => {
  function appWith(over: Partial<TestnetDeps>) {
    const devKeys = devKeysFor(t.deps.config.evm);
    const router = createTestnetRouter({
      db: t.deps.database.db,
      chainId: 31337,
      network: "hardhat",
      ledgerStatus: () => t.deps.evm.selector.status(),
      node: t.deps.evm.node,
      devKeys,
      requestMetrics: { snapshot: () => ({ requests: 1000, avgResponseTimeMs: 12.5, p95Ms: 40, successRate: 99.9, since: new Date(0).toISOString() }) },
      safe: devKeys.available ? multisigRoadFrom(new SafeRoad(t.deps.evm.node as unknown as EvmChain, { ownerKeys: t.deps.config.evm.safeOwnerKeys })) : undefined,
      ...over,
    });
    const a = express();
    a.use(jsonBody("1kb"));
    a.use(mountRoutes(router.routes));
    a.use(errorHandler);
    return a;
  }

  it("every check passing (runs from above, an open position, 100% yield accuracy, 62% spread capture): score 100 and ready", async () => {
    const s = await status(
      appWith({
        treasuryStaking: {
          openPositionCount: async () => 1,
          yieldAccuracy: async () => ({ percent: 100, tenorsChecked: 13, mismatches: [], asOf: "2025-06-30" }),
          spreadCapture: async () => ({ percent: 62, positions: 1, detail: "1 position aged 7 curve days" }),
        },
      }),
    );
    expect(s.checks.filter((c) => !c.passed)).toEqual([]);
    expect(s).toMatchObject({ readinessScore: 100, franklinTempletonReady: true, treasuryArbitrageActive: true });
    expect(s.performanceMetrics).toEqual({ avgResponseTime: 12.5, successRate: 99.9, treasuryYieldAccuracy: 100, arbitrageSpreadCapture: 62 });
  });

  it("a mismatch, an unmeasured capture and a failing export fail their checks with the reading", async () => {
    const s = await status(
      appWith({
        treasuryStaking: {
          openPositionCount: async () => {
            throw new Error("database gone");
          },
          yieldAccuracy: async () => ({ percent: 92.3, tenorsChecked: 13, mismatches: [{ tenor: "10Y", served: 4.3, source: 4.2 }], asOf: "2025-06-30" }),
          spreadCapture: async () => ({ percent: null, positions: 0, detail: "no position has aged a curve day" }),
        },
      }),
    );
    expect(check(s, "treasuryArbitrageActive")).toMatchObject({ passed: false, detail: "openPositionCount failed: database gone" });
    expect(check(s, "treasuryYieldAccuracy")).toMatchObject({ passed: false, evidence: ["10Y: served 4.3, source 4.2"] });
    expect(check(s, "arbitrageSpreadCapture")).toMatchObject({ passed: false, detail: "not measured: no position has aged a curve day" });
    expect(s.performanceMetrics.arbitrageSpreadCapture).toBeNull();
    expect(s.franklinTempletonReady).toBe(false);
  });

  it("a restarted chain is a new instance: the earlier runs no longer count", async () => {
    const node = t.deps.evm.node;
    const other = new Proxy(node, {
      get(target, prop, receiver) {
        if (prop === "block") return async (n?: bigint) => (n === 0n ? { number: 0n, hash: `0x${"ab".repeat(32)}`, timestamp: 0 } : target.block(n));
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const s = await status(appWith({ node: other }));
    expect(s.chain.chainInstance).toBe(`0x${"ab".repeat(32)}`);
    expect(s).toMatchObject({ multiSigTested: false, emergencyFunctionsTested: false, latestRuns: { multisig: null, treasury: null, emergency: null } });
    expect(check(s, "treasuryTested").passed).toBe(false);
  });
});

describe("off the local chain", () => {
  it("on Sepolia: the treasury and multi-sig steps are skipped with the reason, never a pass; the status says the chain is not live", async () => {
    const sepolia = await startTestApp({ chain: "none", env: { SEPOLIA_RPC_URL: CLOSED_HTTP, EVM_PRIVATE_KEY: "0x" + "ab".repeat(32) } });
    try {
      const { run, vault } = treasuryTestResponse.parse((await request(sepolia.app).post("/api/testnet/test-treasury").expect(200)).body);
      expect(run).toMatchObject({ passed: false, source: "skipped", chainId: 11155111, chainInstance: null });
      expect(vault).toBeNull();
      expect(run.steps.every((s) => s.outcome === "skipped" && /only on the local Hardhat chain \(31337\)/.test(s.detail))).toBe(true);
      const m = multisigTestResponse.parse((await request(sepolia.app).post("/api/testnet/test-multisig").expect(200)).body);
      expect([m.multisig.passed, m.emergency.passed]).toEqual([false, false]);
      const s = await status(sepolia.app);
      expect(s).toMatchObject({ contractsDeployed: false, multiSigTested: false, franklinTempletonReady: false, chain: { live: false, chainInstance: null } });
      expect(check(s, "contractsDeployed").detail).toMatch(/no deploy map for chain 11155111/);
    } finally {
      await sepolia.close();
    }
  }, 60_000);

  it("the local chain's node down: the tests are a 503, nothing recorded", async () => {
    const down = await startTestApp({ chain: "none" });
    try {
      const res = await request(down.app).post("/api/testnet/test-treasury").expect(503);
      expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE", ledger: "ethereum" });
      const s = await status(down.app);
      expect(s.latestRuns.treasury).toBeNull();
      expect(s.contractsDeployed).toBe(false);
    } finally {
      await down.close();
    }
  }, 60_000);
});
