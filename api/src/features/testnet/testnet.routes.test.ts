// The testnet readiness API against the real app: Hardhat's in-process chain with the suite deployed (the
// "shared chain" here), PGlite in memory. The treasury test and the multi-sig test run for real on a FRESH
// in-process chain in a child process (hashes, decoded reverts, the vault's state there) and leave the shared
// chain as it was (its feed's round, every position, its block number); the status flags flip after them and
// the readiness score rises; off the local chain the steps say why they are skipped. Only the operators' own
// paper positions count for the treasury checks.
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
import { SAME_CODE_STEP, SANDBOX_STEP, SandboxError, type SandboxOutput } from "./testnet.sandbox";
import { signedInCookie } from "../../testing/sessions";
import { createSessionStore } from "../../shared/session";
import { createTreasuryStakingRouter } from "../treasury-staking/treasury-staking.routes";
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

const status = async (app = t.app) =>
  testnetStatusResponse.parse((await request(app).get("/api/testnet/status").expect(200)).body);
const check = (s: TestnetStatusResponse, id: string) => s.checks.find((c) => c.id === id)!;
const passedIds = (s: TestnetStatusResponse) => s.checks.filter((c) => c.passed).map((c) => c.id);

function appWith(over: Partial<TestnetDeps>, realTreasuryStaking = false) {
  const router = createTestnetRouter({
    db: t.deps.database.db,
    chainId: 31337,
    network: "hardhat",
    ledgerStatus: () => t.deps.evm.selector.status(),
    node: t.deps.evm.node,
    devKeys: devKeysFor(t.deps.config.evm),
    requestMetrics: {
      snapshot: () => ({
        requests: 1000,
        avgResponseTimeMs: 12.5,
        p50Ms: 10,
        p95Ms: 40,
        successRate: 99.9,
        errorRate: 0.1,
        since: new Date(0).toISOString(),
      }),
    },
    operators: { mode: "open-loopback", addresses: [] },
    ...over,
    ...(realTreasuryStaking
      ? {
          treasuryStaking: createTreasuryStakingRouter({
            db: t.deps.database.db,
            network: "hardhat",
            sessions: createSessionStore(t.deps.database.db, 31337),
            treasuryYieldUrl: CLOSED_HTTP,
          }).exports,
        }
      : {}),
  });
  const a = express();
  a.use(jsonBody("1kb"));
  a.use(mountRoutes(router.routes));
  a.use(errorHandler);
  return a;
}

describe("testnet readiness on the local chain", () => {
  let before: TestnetStatusResponse;

  it("before any test: contracts deployed (code at every map address), no run on this chain instance, score = passing share", async () => {
    await request(t.app).get("/api/testnet/status").expect(200); // one measured request, so the success rate exists
    // The status is computed once a moment for every poller: its request figures are at most that old.
    await expect
      .poll(async () => (await status()).requestMetrics.requests, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(1);
    before = await status();
    expect(before.contractsDeployed).toBe(true);
    expect(before.contracts.missing).toEqual([]);
    expect(before.contracts.expected).toBeGreaterThanOrEqual(20);
    expect(before.multiSigTested).toBe(false);
    expect(before.emergencyFunctionsTested).toBe(false);
    expect(check(before, "treasuryTested").passed).toBe(false);
    expect(check(before, "multiSigTested").detail).toBe("no passing run on this chain instance yet");
    // treasury-staking's own readings (wired in app.ts): no operator position yet; the yields served vs the source file.
    expect(check(before, "treasuryArbitrageActive")).toMatchObject({
      passed: false,
      detail: expect.stringMatching(
        /^0 open treasury-staking positions of signed-in wallets .*the shared demo book is not counted$/,
      ),
    });
    expect(check(before, "treasuryYieldAccuracy").detail).toMatch(/% of \d+ tenors served equal the source file/);
    expect(before.multiSig).toMatchObject({ threshold: 2, owners: expect.any(Array) });
    expect(before.multiSig!.owners).toHaveLength(3);
    expect(before.chain).toMatchObject({
      chainId: 31337,
      network: "hardhat",
      live: true,
      chainInstance: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(before.requestMetrics.requests).toBeGreaterThanOrEqual(1);
    expect(before.performanceMetrics.successRate).toBe(100);
    expect(before.checks.map((c) => c.id)).toEqual(READINESS_CHECKS.map((c) => c.id));
    expect(before.readinessScore).toBe(Math.round((passedIds(before).length / READINESS_CHECKS.length) * 1000) / 10);
    expect(before.franklinTempletonReady).toBe(false);
    expect(before.disclaimer).toBe(NO_ENDORSEMENT);
    console.log(`readiness before: ${before.readinessScore}% (${passedIds(before).join(", ")})`);
  });

  it("POST /api/testnet/test-treasury: on a fresh in-process chain (150% mint, 149% refused, price below 130%, liquidated, restored); the shared chain's feed and every position untouched; one at a time (429)", async () => {
    const pub = await hre.viem.getPublicClient();
    const wallets = await hre.viem.getWalletClients();
    const feed = await hre.viem.getContractAt("MockV3Aggregator", t.deployment!.MockV3Aggregator!.address);
    const vault = await hre.viem.getContractAt("TreasuryVault", t.deployment!.TreasuryVault!.address);
    // A real position at exactly 150% on the shared chain: a 14% price drop there would make it liquidatable.
    const holder = wallets[5]!;
    await pub.waitForTransactionReceipt({
      hash: await holder.writeContract({
        address: vault.address,
        abi: vault.abi,
        functionName: "depositEth",
        value: 10n ** 18n,
      }),
    });
    const max = (await vault.read.positionOf([holder.account.address])).maxMintable;
    await pub.waitForTransactionReceipt({
      hash: await holder.writeContract({
        address: vault.address,
        abi: vault.abi,
        functionName: "mintXqbusd",
        args: [max],
      }),
    });
    const positions = async () => Promise.all(wallets.map((w) => vault.read.positionOf([w.account.address])));
    const roundBefore = await feed.read.latestRoundData();
    const positionsBefore = await positions();
    const blockBefore = await pub.getBlockNumber();

    // Two at once: one runs, the other is refused at once with Retry-After (one test at a time).
    const [a, b] = await Promise.all([
      request(t.app).post("/api/testnet/test-treasury"),
      request(t.app).post("/api/testnet/test-treasury"),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    const refused = a.status === 429 ? a : b;
    expect(refused.body).toMatchObject({
      code: "RATE_LIMITED",
      error: expect.stringMatching(/^the treasury test is already running/),
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    const { run, vault: sandboxVault } = treasuryTestResponse.parse((a.status === 200 ? a : b).body);

    const failedSteps = run.steps.filter((s) => s.outcome !== "passed");
    expect(failedSteps, JSON.stringify(failedSteps, null, 1)).toEqual([]);
    expect(run).toMatchObject({
      kind: "treasury",
      passed: true,
      source: "live",
      chainId: 31337,
      chainInstance: before.chain.chainInstance,
      onCurrentChain: true,
      ranBy: "open (local presenter)",
    });
    expect(run.ranOn).toMatch(
      /^in-process chain, fresh deploy of the suite at \d{4}-\d{2}-\d{2}T.*the shared chain was not touched/,
    );
    // First: the code the test exercised is the shared chain's, contract by contract.
    expect(run.steps[0]).toMatchObject({ name: SAME_CODE_STEP, outcome: "passed" });
    expect(run.steps[0]!.numbers.same).toBe(run.steps[0]!.numbers.contracts);

    // The shared chain did not move: the feed's round, every dev account's position, not one block mined.
    expect(await feed.read.latestRoundData()).toEqual(roundBefore);
    expect(await positions()).toEqual(positionsBefore);
    expect(await pub.getBlockNumber()).toBe(blockBefore);
    const txSteps = run.steps.filter((s) => s.kind === "transaction");
    expect(txSteps.length).toBeGreaterThanOrEqual(6);
    for (const s of txSteps) {
      expect(s.txHash, s.name).toMatch(/^0x[0-9a-f]{64}$/);
      await expect(
        pub.getTransactionReceipt({ hash: s.txHash as `0x${string}` }),
        "mined on the in-process chain only",
      ).rejects.toThrow();
    }

    const byName = (prefix: string) => run.steps.filter((s) => s.name.startsWith(prefix));
    expect(Number(byName("Borrower (#7) mints")[0]!.numbers.collateralRatioBps)).toBe(15000);
    const refusedMint = byName("A further mint")[0]!;
    expect(refusedMint).toMatchObject({
      kind: "call",
      expect: "revert",
      expectedError: "CollateralRatioTooLow",
      txHash: null,
    });
    expect(refusedMint.revertReason).toMatch(/CollateralRatioTooLow\(ratioBps=14(899|900), minimumBps=15000\)/);
    const moves = byName("API signer (#0) moves");
    expect(moves.length).toBeGreaterThanOrEqual(3); // 150% -> below 130% needs a 13.4% fall: three 5% moves
    expect(moves.at(-1)!.numbers.liquidatable).toBe("true");
    const liq = byName("Liquidator (#8) liquidates")[0]!;
    expect(liq.numbers.debtAfter).toBe("0");
    expect(BigInt(liq.numbers.ethSeizedWei!)).toBeGreaterThan(0n);
    // The in-process chain's vault after the run: the borrower repaid, its price back where it started.
    expect(sandboxVault!.borrower).toMatchObject({ debt: "0", collateralRatioBps: "max", liquidatable: false });
    expect(sandboxVault!.ethUsdPrice).toBe(byName("API signer (#0) restores")[0]!.numbers.original);
    console.log(
      "treasury test:",
      run.ranOn,
      "\n ",
      run.steps.map((s) => `${s.outcome} ${s.name} ${s.txHash ?? ""} ${JSON.stringify(s.numbers)}`).join("\n  "),
    );

    for (const path of ["/api/testnet/test-treasury", "/api/testnet/test-multisig", "/api/testnet/perfect"]) {
      const res = await request(t.app).post(path).send({}).expect(400);
      expect(res.body).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: "", message: "this endpoint takes no body" }],
      });
    }
  }, 240_000);

  it("POST /api/testnet/test-multisig: one signature refused (GS020), two execute (hash); paused -> EnforcedPause -> unpaused, on the in-process chain: the shared pool is never paused", async () => {
    const pool = await hre.viem.getContractAt("LiquidStakingPool", t.deployment!.qETH!.address);
    const pub = await hre.viem.getPublicClient();
    const blockBefore = await pub.getBlockNumber();
    const res = await request(t.app).post("/api/testnet/test-multisig").expect(200);
    const { multisig, emergency } = multisigTestResponse.parse(res.body);
    const bad = [...multisig.steps, ...emergency.steps].filter((s) => s.outcome !== "passed");
    expect(bad, JSON.stringify(bad, null, 1)).toEqual([]);
    expect(multisig).toMatchObject({ kind: "multisig", passed: true, source: "live" });
    expect(emergency).toMatchObject({ kind: "emergency", passed: true, source: "live" });
    const [same, safeRead, one, two] = multisig.steps;
    expect(same!.name).toBe(SAME_CODE_STEP);
    expect(safeRead!.numbers).toEqual({ owners: "3", threshold: "2" });
    expect(one).toMatchObject({
      kind: "call",
      expectedError: "GS020",
      revertReason: expect.stringMatching(/GS020/),
      txHash: null,
    });
    expect(one!.numbers.safeTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(two!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(emergency.steps[0]!.name).toBe(SAME_CODE_STEP);
    expect(emergency.steps.map((s) => [s.name, s.revertReason?.match(/EnforcedPause/)?.[0] ?? null])).toContainEqual([
      "A user's deposit is refused while paused",
      "EnforcedPause",
    ]);
    const unpause = emergency.steps.find((s) => s.name.startsWith("The Safe unpauses"))!;
    expect(unpause.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await pool.read.paused()).toBe(false);
    expect(await pub.getBlockNumber()).toBe(blockBefore);
    expect(multisig).toMatchObject({
      ranBy: "open (local presenter)",
      ranOn: expect.stringMatching(/^in-process chain, fresh deploy/),
    });
    console.log(
      "multisig:",
      [...multisig.steps, ...emergency.steps]
        .map((s) => `${s.outcome} ${s.name} ${s.txHash ?? ""} ${s.revertReason ?? ""}`)
        .join("\n  "),
    );
  }, 120_000);

  it("after the runs: the flags flip with their hashes as evidence, and the score rises", async () => {
    const after = await status();
    expect(after.multiSigTested).toBe(true);
    expect(after.emergencyFunctionsTested).toBe(true);
    expect(check(after, "treasuryTested").passed).toBe(true);
    expect(check(after, "multiSigTested").evidence.some((e) => /^0x[0-9a-f]{64}$/.test(e))).toBe(true);
    expect(after.latestRuns.treasury).toMatchObject({
      passed: true,
      onCurrentChain: true,
      ranBy: "open (local presenter)",
      ranOn: expect.stringMatching(/^in-process chain/),
    });
    expect(check(after, "treasuryTested").detail).toMatch(
      /run by open \(local presenter\) on in-process chain, fresh deploy of the suite at/,
    );
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

  it("GET /api/testnet/franklin-report: our report in the spec's layout, downloadable, claiming no endorsement", async () => {
    const body = franklinReportResponse.parse(
      (await request(t.app).get("/api/testnet/franklin-report").expect(200)).body,
    );
    expect(body.filename).toMatch(/^testnet-readiness-report-\d{4}-\d{2}-\d{2}\.md$/);
    expect(body.markdown).toContain("## Readiness summary");
    expect(body.markdown).toContain(NO_ENDORSEMENT);
    expect(body.markdown).toMatch(/Franklin readiness: \*\*PENDING\*\*/);
    expect(body.report.sections.map((s) => s.title)).toEqual([
      "Smart contract infrastructure",
      "Security and governance",
      "Treasury operations",
      "Performance",
    ]);
    expect(body.report.sections.flatMap((s) => s.items)).toHaveLength(READINESS_CHECKS.length);
    expect(body.report.summary.checksPassed).toBeGreaterThanOrEqual(4);
  });
});

describe("with treasury-staking's own readings (its routes on the same app)", () => {
  it("a visitor's paper trade on the shared demo book never counts; a signed-in wallet's does where operators are open", async () => {
    const opportunities = (await request(t.app).get("/api/treasury-staking/opportunities").expect(200)).body
      .opportunities as { id: string; capitalRequired: number }[];
    // The shared demo book is treasury-staking's read-only showcase: reading it seeds its positions (aged a few
    // curve days), which no readiness reading may count.
    const showcase = (await request(t.app).get("/api/treasury-staking/positions/demo-user").expect(200)).body as {
      positions: { status: string }[];
    };
    expect(showcase.positions.filter((p) => p.status === "ACTIVE").length).toBeGreaterThan(0);
    await request(t.app).post("/api/treasury-staking/replay/advance").send({ by: "week" }).expect(200);
    const demoOnly = await status();
    expect(check(demoOnly, "treasuryArbitrageActive")).toMatchObject({
      passed: false,
      detail: expect.stringMatching(/^0 open treasury-staking positions/),
    });
    expect(check(demoOnly, "arbitrageSpreadCapture")).toMatchObject({
      passed: false,
      detail: expect.stringMatching(/^not measured: /),
    });

    // OPERATOR_ADDRESSES is unset here and the app answers loopback only: the one presenter's wallet counts.
    const presenter = await signedInCookie(t.deps.database.db);
    const o = opportunities[0]!;
    await request(t.app)
      .post("/api/treasury-staking/stake")
      .set("Cookie", presenter.cookie)
      .send({ opportunityId: o.id, amount: Math.ceil(o.capitalRequired) + 1000 })
      .expect(201);
    const s = await status();
    expect(check(s, "treasuryArbitrageActive")).toMatchObject({
      passed: true,
      detail: expect.stringMatching(/^1 open treasury-staking position of signed-in wallets/),
    });
    expect(check(s, "treasuryYieldAccuracy").passed).toBe(true);
    expect(s.readinessScore).toBe(Math.round((passedIds(s).length / READINESS_CHECKS.length) * 1000) / 10);

    // With operators named, only their wallets count: the presenter's wallet is then a visitor's.
    const listed = await status(
      appWith({ operators: { mode: "listed", addresses: ["0x000000000000000000000000000000000000dEaD"] } }, true),
    );
    expect(check(listed, "treasuryArbitrageActive")).toMatchObject({
      passed: false,
      detail: expect.stringMatching(
        /^0 open treasury-staking positions of operator wallet \(1 in OPERATOR_ADDRESSES\)/,
      ),
    });
    const mine = await status(appWith({ operators: { mode: "listed", addresses: [presenter.address] } }, true));
    expect(check(mine, "treasuryArbitrageActive").passed).toBe(true);
    console.log(`readiness with the presenter's position: ${s.readinessScore}% (${passedIds(s).join(", ")})`);
  }, 120_000);
});

describe("the status with the treasury-staking exports, and on another chain instance", () => {
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
    expect(s.performanceMetrics).toEqual({
      avgResponseTime: 12.5,
      successRate: 99.9,
      treasuryYieldAccuracy: 100,
      arbitrageSpreadCapture: 62,
    });
  });

  it("a mismatch, an unmeasured capture and a failing export fail their checks with the reading", async () => {
    const s = await status(
      appWith({
        treasuryStaking: {
          openPositionCount: async () => {
            throw new Error("database gone");
          },
          yieldAccuracy: async () => ({
            percent: 92.3,
            tenorsChecked: 13,
            mismatches: [{ tenor: "10Y", served: 4.3, source: 4.2 }],
            asOf: "2025-06-30",
          }),
          spreadCapture: async () => ({ percent: null, positions: 0, detail: "no position has aged a curve day" }),
        },
      }),
    );
    expect(check(s, "treasuryArbitrageActive")).toMatchObject({
      passed: false,
      detail: "openPositionCount failed: database gone",
    });
    expect(check(s, "treasuryYieldAccuracy")).toMatchObject({
      passed: false,
      evidence: ["10Y: served 4.3, source 4.2"],
    });
    expect(check(s, "arbitrageSpreadCapture")).toMatchObject({
      passed: false,
      detail: "not measured: no position has aged a curve day",
    });
    expect(s.performanceMetrics.arbitrageSpreadCapture).toBeNull();
    expect(s.franklinTempletonReady).toBe(false);
  });

  it("a restarted chain is a new instance: the earlier runs no longer count", async () => {
    const node = t.deps.evm.node;
    const other = new Proxy(node, {
      get(target, prop, receiver) {
        if (prop === "block")
          return async (n?: bigint) =>
            n === 0n ? { number: 0n, hash: `0x${"ab".repeat(32)}`, timestamp: 0 } : target.block(n);
        const v = Reflect.get(target, prop, receiver);
        return typeof v === "function" ? v.bind(target) : v;
      },
    });
    const s = await status(appWith({ node: other }));
    expect(s.chain.chainInstance).toBe(`0x${"ab".repeat(32)}`);
    expect(s).toMatchObject({
      multiSigTested: false,
      emergencyFunctionsTested: false,
      latestRuns: { multisig: null, treasury: null, emergency: null },
    });
    expect(check(s, "treasuryTested").passed).toBe(false);
  });
});

describe("where the tests run", () => {
  it("a sandbox that cannot start, or whose code is not the shared chain's, records a failed run, never a pass", async () => {
    const down = appWith({
      sandbox: async () => {
        throw new SandboxError("the in-process chain exited with code 1: out of memory");
      },
    });
    const r1 = treasuryTestResponse.parse(
      (await request(down).post("/api/testnet/test-treasury").expect(200)).body,
    ).run;
    expect(r1).toMatchObject({ passed: false, ranOn: null, ranBy: "open (local presenter)" });
    expect(r1.steps[0]).toMatchObject({
      name: SANDBOX_STEP,
      outcome: "failed",
      detail: "no in-process chain: the in-process chain exited with code 1: out of memory",
    });
    expect(r1.steps.slice(1).every((s) => s.outcome === "skipped")).toBe(true);
    const other: SandboxOutput = {
      deployStartedAt: new Date().toISOString(),
      deployedAt: new Date().toISOString(),
      genesisHash: `0x${"cd".repeat(32)}`,
      contracts: { TreasuryVault: t.deployment!.TreasuryVault!.address },
      codeHashes: { TreasuryVault: `0x${"00".repeat(32)}` },
      treasury: { steps: [], vault: null },
      multisig: null,
    };
    const r2 = treasuryTestResponse.parse(
      (
        await request(appWith({ sandbox: async () => other }))
          .post("/api/testnet/test-treasury")
          .expect(200)
      ).body,
    ).run;
    expect(r2.passed).toBe(false);
    expect(r2.steps[0]).toMatchObject({
      name: SAME_CODE_STEP,
      outcome: "failed",
      detail: "1 of 1 contracts differ from the shared chain (or have no code there): TreasuryVault",
    });
  });
});

describe("off the local chain", () => {
  it("on Sepolia: the treasury and multi-sig steps are skipped with the reason, never a pass; the status says the chain is not live", async () => {
    const sepolia = await startTestApp({
      chain: "none",
      env: { SEPOLIA_RPC_URL: CLOSED_HTTP, EVM_PRIVATE_KEY: "0x" + "ab".repeat(32) },
    });
    try {
      const { run, vault } = treasuryTestResponse.parse(
        (await request(sepolia.app).post("/api/testnet/test-treasury").expect(200)).body,
      );
      expect(run).toMatchObject({ passed: false, source: "skipped", chainId: 11155111, chainInstance: null });
      expect(vault).toBeNull();
      expect(
        run.steps.every((s) => s.outcome === "skipped" && /only on the local Hardhat chain \(31337\)/.test(s.detail)),
      ).toBe(true);
      const m = multisigTestResponse.parse(
        (await request(sepolia.app).post("/api/testnet/test-multisig").expect(200)).body,
      );
      expect([m.multisig.passed, m.emergency.passed]).toEqual([false, false]);
      const s = await status(sepolia.app);
      expect(s).toMatchObject({
        contractsDeployed: false,
        multiSigTested: false,
        franklinTempletonReady: false,
        chain: { live: false, chainInstance: null },
      });
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
