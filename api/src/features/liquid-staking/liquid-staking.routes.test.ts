// The leverage endpoints end to end on Hardhat's in-process chain (the whole suite deployed), PGlite in
// memory and the real event index: readings checked against the contracts, a real 3x position opened and
// closed from a dev wallet (setDelegate, openPosition, closePosition through the unwinder), recorded,
// listed and counted.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEther, getAddress, parseEther, type Address, type Hash } from "viem";
import { startTestApp, type TestApp } from "../../testing/harness";
import {
  ENTER_ETH_AMOUNT,
  LEVERAGE_RATIOS,
  MISSING_INFORMATION,
  leverageResponse,
  performanceResponse,
  positionsResponse,
  previewResponse,
  simulateResponse,
  strategiesResponse,
  tokensResponse,
} from "./liquid-staking.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
});
afterAll(() => t?.close());

const addr = (name: string) => (t.deployment as Record<string, { address: Address }>)[name]!.address;

describe("GET /api/liquid-staking/tokens", () => {
  it("reads the three tokens from the chain, at one block", async () => {
    const body = tokensResponse.parse((await request(t.app).get("/api/liquid-staking/tokens").expect(200)).body);
    expect(body).toMatchObject({ source: "live", reason: null, network: "hardhat" });
    expect(body.tokens.map((x) => x.symbol)).toEqual(["vibeETH", "qETH", "xqbETH"]);
    const at = BigInt(body.asOfBlock);
    const protocols = (await request(t.app).get("/api/real-staking/protocols").expect(200)).body.protocols as {
      token: string;
      currentAPY: number;
      apySource: string;
    }[];
    for (const token of body.tokens) {
      const pool = await hre.viem.getContractAt("LiquidStakingPool", token.address as Address);
      expect(token.exchangeRate).toBe(Number(formatEther(await pool.read.exchangeRate({ blockNumber: at }))));
      expect(token.backingETH).toBe(formatEther(await pool.read.totalAssets({ blockNumber: at })));
      expect(token.totalSupply).toBe(formatEther(await pool.read.totalSupply({ blockNumber: at })));
      // 80% LTV: 1 / (1 - 0.8) = 5x, the router's cap as well
      expect(token).toMatchObject({
        tradeable: true,
        leverageMultiplier: 5,
        ltvPercent: 80,
        liquidationThresholdPercent: 85,
        collateralEnabled: true,
      });
      // the base APY is real-staking's measurement of the same pool (wired through its exports in app.ts)
      const real = protocols.find((p) => p.token === token.symbol)!;
      expect(token.stakingAPY).toBeCloseTo(real.currentAPY, 3);
      expect(token.stakingAPYSource).toBe(real.apySource);
    }
  });
});

describe("GET /api/liquid-staking/strategies", () => {
  it("computes one strategy per pool from the pool's APY and the live borrow rate, quoted at 2x", async () => {
    const body = strategiesResponse.parse(
      (await request(t.app).get("/api/liquid-staking/strategies").expect(200)).body,
    );
    expect(body.strategies.map((s) => s.id)).toEqual(["vibeeth-leverage", "qeth-leverage", "xqbeth-leverage"]);
    const pool = await hre.viem.getContractAt("LendingPool", addr("LendingPool"));
    const borrow = Number(formatEther(await pool.read.borrowRate({ blockNumber: BigInt(body.asOfBlock) }))) * 100;
    const minimums = { "vibeeth-leverage": 0.01, "qeth-leverage": 0.001, "xqbeth-leverage": 0.005 };
    for (const s of body.strategies) {
      expect(s.recommendedLeverage).toBe(2);
      expect(s.borrowAPY).toBeCloseTo(borrow, 4);
      expect(s.leveragedAPY).toBeCloseTo(s.baseAPY * 2 - borrow, 3);
      // HF at 2x = 85% x 2 / 1 = 1.7: the rate may fall 41% before liquidation -> low
      expect(s.healthFactor).toBeCloseTo(1.7, 5);
      expect(s.riskLevel).toBe("low");
      expect(s.liquidityRequired).toBe(minimums[s.id] / 2);
      expect(s.maxLeverage).toBe(5);
    }
  });
});

describe("GET /api/liquid-staking/preview", () => {
  it("answers LeverageRouter.previewPosition for one ratio, the liquidation price in ETH and USD", async () => {
    const res = await request(t.app)
      .get("/api/liquid-staking/preview?strategy=qeth-leverage&ethAmount=0.5&leverageRatio=3")
      .expect(200);
    const { preview: p, asOfBlock } = previewResponse.parse(res.body);
    const router = await hre.viem.getContractAt("LeverageRouter", addr("LeverageRouter"));
    const chain = await router.read.previewPosition([addr("qETH"), parseEther("0.5"), 30_000n], {
      blockNumber: BigInt(asOfBlock),
    });
    expect(p).toMatchObject({
      possible: true,
      reason: null,
      leverageRatio: 3,
      label: "3x Aggressive",
      collateralToken: "qETH",
      riskLevel: "medium",
    });
    expect(p.debtEth).toBe(formatEther(chain.debt));
    expect(p.collateralEth).toBe(formatEther(chain.collateralValue));
    expect(p.healthFactor).toBeCloseTo(Number(formatEther(chain.healthFactor)), 6);
    expect(p.liquidationPriceEth).toBeCloseTo(Number(formatEther(chain.liquidationPrice)), 8);
    expect(p.ethUsd.price).toBe(3000); // the local MockV3Aggregator's answer
    expect(p.liquidationPriceUsd).toBeCloseTo(p.liquidationPriceEth * 3000, 3);
    expect(p.netAPY).toBeCloseTo(p.baseAPY * 3 - p.borrowAPYAfter * 2, 2);
  });

  it("refuses an amount under the LST's minimum and a ratio outside the options, on their fields", async () => {
    const low = await request(t.app)
      .get("/api/liquid-staking/preview?strategy=vibeeth-leverage&ethAmount=0.001&leverageRatio=2")
      .expect(400);
    expect(low.body.issues).toEqual([
      {
        path: "ethAmount",
        message: expect.stringContaining(
          "minimum deposit of 0.01 ETH (BelowMinimumDeposit): at 2x enter at least 0.005 ETH",
        ),
      },
    ]);
    const ratio = await request(t.app)
      .get("/api/liquid-staking/preview?strategy=qeth-leverage&ethAmount=1&leverageRatio=2.5")
      .expect(400);
    expect(ratio.body.issues).toEqual([{ path: "leverageRatio", message: expect.stringContaining("1.5, 2, 3, 4, 5") }]);
    const missing = await request(t.app).get("/api/liquid-staking/preview?ethAmount=1&leverageRatio=2").expect(400);
    expect(missing.body.issues).toEqual([{ path: "strategy", message: "is required" }]);
  });
});

describe("POST /api/liquid-staking/simulate", () => {
  it("covers the five ratios for one strategy: health factor falls and net APY rises with the ratio", async () => {
    const body = simulateResponse.parse(
      (
        await request(t.app)
          .post("/api/liquid-staking/simulate")
          .send({ ethAmount: 0.1, strategy: "xqbeth-leverage" })
          .expect(200)
      ).body,
    );
    expect(body.simulations).toHaveLength(1);
    const rows = body.simulations[0]!.ratios;
    expect(rows.map((r) => r.leverageRatio)).toEqual([...LEVERAGE_RATIOS]);
    const hf = rows.map((r) => (r.possible ? r.healthFactor : NaN));
    const net = rows.map((r) => (r.possible ? r.netAPY : NaN));
    // 85% threshold: HF = 0.85 L / (L - 1)
    LEVERAGE_RATIOS.forEach((l, i) => expect(hf[i]).toBeCloseTo((0.85 * l) / (l - 1), 4));
    for (let i = 1; i < rows.length; i++) expect(net[i]!).toBeGreaterThan(net[i - 1]!);
    expect(rows.map((r) => ("riskLevel" in r ? r.riskLevel : null))).toEqual(["low", "low", "medium", "high", "high"]);
  });

  it("simulates every strategy without one, and says which ratios the pool's liquidity cannot lend", async () => {
    const body = simulateResponse.parse(
      (await request(t.app).post("/api/liquid-staking/simulate").send({ ethAmount: 200 }).expect(200)).body,
    );
    expect(body.simulations.map((s) => s.strategy)).toEqual(["vibeeth-leverage", "qeth-leverage", "xqbeth-leverage"]);
    // 500 ETH to lend: 3x borrows 400 (fits), 4x 600 and 5x 800 do not
    const rows = body.simulations[1]!.ratios;
    expect(rows.map((r) => r.possible)).toEqual([true, true, true, false, false]);
    expect(rows[3]).toMatchObject({
      field: "ethAmount",
      reason: expect.stringContaining("can lend 500 ETH now and this position borrows 600 ETH"),
    });
  });

  it("asks for an amount in the spec's words, and names each bad field", async () => {
    const none = await request(t.app).post("/api/liquid-staking/simulate").send({}).expect(400);
    expect(none.body.issues).toEqual([{ path: "ethAmount", message: ENTER_ETH_AMOUNT }]);
    const bad = await request(t.app)
      .post("/api/liquid-staking/simulate")
      .send({ ethAmount: -1, strategy: "steth", extra: 1 })
      .expect(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["ethAmount", "extra", "strategy"]);
  });
});

describe("a real 3x position: open, record, list, close", () => {
  const gas: Record<string, bigint> = {};

  it("opens from a dev wallet, records it after the receipt, lists and counts it, then closes it through the unwinder", async () => {
    const [, , , , , user] = await hre.viem.getWalletClients();
    const wallet = user!.account.address;
    const publicClient = await hre.viem.getPublicClient();
    const pool = await hre.viem.getContractAt("LendingPool", addr("LendingPool"), { client: { wallet: user! } });
    const router = await hre.viem.getContractAt("LeverageRouter", addr("LeverageRouter"), {
      client: { wallet: user! },
    });
    const mined = async (hash: Hash, what: string) => {
      const r = await publicClient.waitForTransactionReceipt({ hash });
      expect(r.status).toBe("success");
      gas[what] = r.gasUsed;
      return r;
    };

    const previewUrl = `/api/liquid-staking/preview?strategy=qeth-leverage&ethAmount=1&leverageRatio=3&walletAddress=${wallet}`;
    const before = previewResponse.parse((await request(t.app).get(previewUrl).expect(200)).body);
    expect(before.wallet).toMatchObject({
      routerIsDelegate: false,
      openPositionGas: null,
      lst: addr("qETH"),
      leverageBps: 30_000,
    });
    expect(before.wallet!.dryRunError).toContain("setDelegate");
    await mined(await pool.write.setDelegate([addr("LeverageRouter"), true]), "setDelegate");
    const { preview, wallet: ready } = previewResponse.parse((await request(t.app).get(previewUrl).expect(200)).body);
    expect(ready).toMatchObject({ routerIsDelegate: true, dryRunError: null });
    const opened = await mined(
      await router.write.openPosition([addr("qETH"), 30_000n, 0n], { value: parseEther("1") }),
      "openPosition",
    );
    // The wallet's own dry run covers what the transaction then used: the estimate is the gas limit it needs,
    // before the refunds of the flash hook's storage writes that are undone within the call.
    expect(BigInt(ready!.openPositionGas!)).toBeGreaterThanOrEqual(opened.gasUsed);
    expect(BigInt(ready!.openPositionGas!)).toBeLessThan((opened.gasUsed * 13n) / 10n);
    console.log(`openPosition: eth_estimateGas ${ready!.openPositionGas}, used ${opened.gasUsed}`);

    const body = {
      strategy: "qeth-leverage",
      ethAmount: 1,
      leverageRatio: 3,
      walletAddress: wallet,
      transactionHash: opened.transactionHash,
    };
    const first = leverageResponse.parse(
      (await request(t.app).post("/api/liquid-staking/leverage").send(body).expect(200)).body,
    );
    expect(first).toMatchObject({
      success: true,
      strategy: { id: "qeth-leverage", name: "qETH Leveraged Staking" },
      source: "live",
    });
    expect(first.position).toMatchObject({
      status: "active",
      leverageRatio: 3,
      collateralToken: "qETH",
      ethIn: "1",
      openTransactionHash: opened.transactionHash,
    });
    // The preview was read a block earlier: a second of staking rewards and interest apart, no more.
    expect(first.position.liquidationPrice!).toBeCloseTo(preview.liquidationPriceUsd, 2);
    expect(first.position.liquidationPriceEth!).toBeCloseTo(preview.liquidationPriceEth, 6);
    expect(Number(first.position.borrowedAmount)).toBeCloseTo(2, 9);
    expect(first.position.earnings.basis).toBe("current-rates");
    expect(first.position.earnings.totalAPY!).toBeCloseTo(
      first.position.earnings.stakingYield! + first.position.earnings.leverageGains!,
      3,
    );

    // Idempotent: the same request answers the same position (nothing is written).
    const again = leverageResponse.parse(
      (await request(t.app).post("/api/liquid-staking/leverage").send(body).expect(200)).body,
    );
    expect(again.position.id).toBe(first.position.id);

    const listed = positionsResponse.parse(
      (await request(t.app).get(`/api/liquid-staking/positions/${wallet.toLowerCase()}`).expect(200)).body,
    );
    expect(listed.userId).toBe(getAddress(wallet));
    expect(listed.positions).toHaveLength(1);
    expect(listed.positions[0]!.id).toBe(first.position.id);
    const onChain = await router.read.positionOf([wallet, addr("qETH")], { blockNumber: BigInt(listed.asOfBlock) });
    expect(listed.positions[0]!.liquidationPriceEth).toBeCloseTo(Number(formatEther(onChain[4])), 8);

    const perf = performanceResponse.parse(
      (await request(t.app).get("/api/liquid-staking/performance").expect(200)).body,
    );
    expect(perf).toMatchObject({
      leveragePositions: 1,
      averageAPYBasis: "active-positions",
      activePositionsReason: null,
    });
    expect(perf.platformUtilization).toBeGreaterThan(0);
    expect(Number(perf.totalDebtEth)).toBeCloseTo(2, 6);
    expect(Number(perf.totalValueLocked)).toBeCloseTo(
      Number(perf.lendingLiquidityEth) + Number(perf.collateralValueEth),
      9,
    );

    const quote = listed.positions[0]!.close!;
    expect(quote).toMatchObject({ leverageRouter: addr("LeverageRouter"), lst: addr("qETH"), error: null });
    const closed = await mined(
      await router.write.closePosition([addr("qETH"), parseEther(quote.ethOut!) - parseEther("0.0001")]),
      "closePosition",
    );
    expect(BigInt(quote.gas!)).toBeGreaterThanOrEqual(closed.gasUsed);
    expect(await t.deps.evm.index.waitFor(closed.blockNumber, 10_000)).toBe(true);
    const after = positionsResponse.parse(
      (await request(t.app).get(`/api/liquid-staking/positions/${wallet}`).expect(200)).body,
    );
    const p = after.positions[0]!;
    expect(p).toMatchObject({
      id: first.position.id,
      status: "closed",
      closeTransactionHash: closed.transactionHash,
      healthFactor: null,
      liquidationPrice: null,
    });
    // 1 ETH at 3x through the buffer's 0.2% fee on 3 ETH: about 0.994 ETH back
    expect(Number(p.ethOut)).toBeGreaterThan(0.99);
    expect(Number(p.ethOut)).toBeLessThan(1);
    // the dry run's ethOut, a block earlier: within a block's rewards and interest of what came back
    expect(Number(p.ethOut)).toBeCloseTo(Number(quote.ethOut), 5);
    expect(p.close).toBeNull();
    expect(p.earnings).toMatchObject({ basis: "realised", totalAPY: null });
    expect(p.earnings.realisedReturnPercent!).toBeCloseTo((Number(p.ethOut) - 1) * 100, 5);
    const perfAfter = performanceResponse.parse(
      (await request(t.app).get("/api/liquid-staking/performance").expect(200)).body,
    );
    expect(perfAfter).toMatchObject({ leveragePositions: 0, averageAPYBasis: "strategies" });

    console.log(
      `gas: setDelegate ${gas.setDelegate}, openPosition (3x, 1 ETH, qETH) ${gas.openPosition}, closePosition (through the buffer unwinder) ${gas.closePosition}`,
    );
    expect(gas.openPosition!).toBeLessThan(450_000n);
    expect(gas.closePosition!).toBeLessThan(550_000n);
  });

  it("refuses a transaction that does not match the body, naming the field", async () => {
    const [, , , , , , other] = await hre.viem.getWalletClients();
    const wallet = other!.account.address;
    const publicClient = await hre.viem.getPublicClient();
    const pool = await hre.viem.getContractAt("LendingPool", addr("LendingPool"), { client: { wallet: other! } });
    const router = await hre.viem.getContractAt("LeverageRouter", addr("LeverageRouter"), {
      client: { wallet: other! },
    });
    const delegate = await pool.write.setDelegate([addr("LeverageRouter"), true]);
    await publicClient.waitForTransactionReceipt({ hash: delegate });
    const hash = await router.write.openPosition([addr("vibeETH"), 20_000n, 0n], { value: parseEther("0.02") });
    await publicClient.waitForTransactionReceipt({ hash });
    const body = {
      strategy: "vibeeth-leverage",
      ethAmount: 0.02,
      leverageRatio: 2,
      walletAddress: wallet,
      transactionHash: hash,
    };
    const refused = async (change: object, path: string) => {
      const res = await request(t.app)
        .post("/api/liquid-staking/leverage")
        .send({ ...body, ...change })
        .expect(400);
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([path]);
    };
    await refused({ walletAddress: t.deps.evm.selector.status().account }, "walletAddress");
    await refused({ strategy: "qeth-leverage" }, "strategy");
    await refused({ ethAmount: 0.03 }, "ethAmount");
    await refused({ leverageRatio: 3 }, "leverageRatio");
    await refused({ transactionHash: `0x${"ab".repeat(32)}` }, "transactionHash");
    await refused({ transactionHash: delegate }, "transactionHash");
    const missing = await request(t.app)
      .post("/api/liquid-staking/leverage")
      .send({ walletAddress: wallet, transactionHash: hash })
      .expect(400);
    expect(missing.body.issues).toEqual(
      ["strategy", "ethAmount", "leverageRatio"].map((path) => ({ path, message: MISSING_INFORMATION })),
    );
    // and the matching body is recorded
    const ok = leverageResponse.parse(
      (await request(t.app).post("/api/liquid-staking/leverage").send(body).expect(200)).body,
    );
    expect(ok.position).toMatchObject({ status: "active", leverageRatio: 2, collateralToken: "vibeETH" });

    // The account is the user's own: repaid and withdrawn without the router, the position shows as exited
    // (not liquidated: the pool emitted no Liquidated event for it).
    await publicClient.waitForTransactionReceipt({
      hash: await pool.write.repayEth([wallet], { value: parseEther("0.03") }),
    });
    const shares = await pool.read.collateralOf([wallet, addr("vibeETH")]);
    const out = await publicClient.waitForTransactionReceipt({
      hash: await pool.write.withdrawCollateral([addr("vibeETH"), shares, wallet, wallet]),
    });
    expect(await t.deps.evm.index.waitFor(out.blockNumber, 10_000)).toBe(true);
    const listed = positionsResponse.parse(
      (await request(t.app).get(`/api/liquid-staking/positions/${wallet}`).expect(200)).body,
    );
    expect(listed.positions[0]).toMatchObject({
      id: ok.position.id,
      status: "exited",
      close: null,
      healthFactor: null,
      liquidationPrice: null,
    });
  });
});

describe("GET /api/liquid-staking/positions/:userId", () => {
  it("answers the spec's demo user (the server's own account), which has opened nothing", async () => {
    const server = t.deps.evm.selector.status().account!;
    const body = positionsResponse.parse(
      (await request(t.app).get(`/api/liquid-staking/positions/${server}`).expect(200)).body,
    );
    expect(body).toMatchObject({ userId: server, positions: [], source: "live" });
  });

  it("refuses a userId that is not an address", async () => {
    const res = await request(t.app).get("/api/liquid-staking/positions/demo-user").expect(400);
    expect(res.body.issues).toEqual([{ path: "userId", message: "must be a 0x-prefixed 20-byte hex address" }]);
  });
});

describe("without a chain", () => {
  it("answers 503 LEDGER_UNAVAILABLE, never a made-up reading", async () => {
    const dead = await startTestApp({ chain: "none" });
    try {
      for (const path of [
        "/api/liquid-staking/tokens",
        "/api/liquid-staking/strategies",
        "/api/liquid-staking/performance",
      ]) {
        const res = await request(dead.app).get(path).expect(503);
        expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE", ledger: "ethereum" });
      }
      await request(dead.app).post("/api/liquid-staking/simulate").send({ ethAmount: 1 }).expect(503);
    } finally {
      await dead.close();
    }
  });
});
