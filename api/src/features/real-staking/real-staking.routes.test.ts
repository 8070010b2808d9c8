// The real-staking endpoints on Hardhat's in-process chain with the whole suite deployed (three pools over
// WETH9, their reward streams running), PGlite in memory. Every figure is checked against the contracts.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEther, getAddress, parseEther, type Address } from "viem";
import { startTestApp, type TestApp } from "../../testing/harness";
import {
  expectedDailyRewards,
  realStakingPracticeResponse,
  realStakingPreviewResponse,
  realStakingProtocolsResponse,
  STAKING_POOLS,
} from "./real-staking.schemas";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
});
afterAll(() => t?.close());

const pool = (name: (typeof STAKING_POOLS)[number]) =>
  hre.viem.getContractAt("LiquidStakingPool", t.deployment![name]!.address);
const blockNumber = async () => (await hre.viem.getPublicClient()).getBlockNumber();

/** Runs `fn` as the pools' admin (the Safe after the deploy's hand-over), impersonated on the in-process chain. */
async function asPoolAdmin(fn: (admin: Address) => Promise<void>) {
  const vibe = await pool("vibeETH");
  const admin = t.deployment!.TreasuryMultisig!.address;
  expect(await vibe.read.hasRole([await vibe.read.PAUSER_ROLE(), admin])).toBe(true);
  await hre.network.provider.request({ method: "hardhat_impersonateAccount", params: [admin] });
  await hre.network.provider.request({ method: "hardhat_setBalance", params: [admin, "0x56BC75E2D63100000"] });
  try {
    await fn(admin);
  } finally {
    await hre.network.provider.request({ method: "hardhat_stopImpersonatingAccount", params: [admin] });
  }
}

describe("GET /api/real-staking/protocols", () => {
  it("reads the three pools from the chain: name, token, minimum, address, status, risk and the stream's APY", async () => {
    const res = await request(t.app).get("/api/real-staking/protocols").expect(200);
    const body = realStakingProtocolsResponse.parse(res.body);
    expect(body.source).toBe("live");
    expect(body.userBalance).toBeNull();
    expect(body.protocols.map((p) => p.token)).toEqual(["vibeETH", "qETH", "xqbETH"]);
    for (const p of body.protocols) {
      const c = await pool(p.token);
      expect(p.name).toBe(await c.read.name());
      expect(p.contractAddress).toBe(t.deployment![p.token]!.address);
      expect(p.minAmount).toBe(formatEther(await c.read.minDeposit()));
      expect(p.withdrawalDelaySeconds).toBe(Number(await c.read.withdrawalDelay()));
      expect(p.status).toBe("active");
      expect(p.features).toContain(`Stake native ETH with depositEth; minimum ${p.minAmount} ETH`);
      // Until the index has a week (or a day) of history, the APY is what the stream pays on the pool now.
      const at = BigInt(body.asOfBlock);
      const [rate, assets] = await Promise.all([
        c.read.rewardRate({ blockNumber: at }),
        c.read.totalAssets({ blockNumber: at }),
      ]);
      expect(p.apySource).toBe("reward-stream");
      expect(p.apyWindowSeconds).toBeNull();
      expect(p.currentAPY).toBeCloseTo((Number(rate) * 365 * 86400 * 100) / Number(assets), 3);
    }
    // The deploy's streams pay 4.2%, 3.8% and 5.1% on the 1 ETH seed of each pool.
    expect(body.protocols.map((p) => p.currentAPY)).toEqual([4.2, 3.8, 5.1]);
    expect(body.protocols.map((p) => p.minAmount)).toEqual(["0.01", "0.001", "0.005"]);
    // 1-day, 3-day and 7-day exits on about 1 ETH each.
    expect(body.protocols.map((p) => p.riskLevel)).toEqual(["low", "medium", "high"]);
    expect(body.recommendations.smallest_test).toMatchObject({
      token: "qETH",
      text: "Quantum Staked ETH takes the smallest test: 0.001 ETH minimum",
    });
    expect(body.recommendations.highest_yield?.token).toBe("xqbETH");
  });

  it("adds the wallet's real balance with ?wallet=, and refuses a malformed address", async () => {
    const [, wallet] = await hre.viem.getWalletClients();
    const balance = await (await hre.viem.getPublicClient()).getBalance({ address: wallet!.account.address });
    const res = await request(t.app).get(`/api/real-staking/protocols?wallet=${wallet!.account.address}`).expect(200);
    expect(res.body.userBalance).toBe(formatEther(balance));
    const bad = await request(t.app).get("/api/real-staking/protocols?wallet=0x123").expect(400);
    expect(bad.body).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "wallet", message: "must be a 0x-prefixed 20-byte hex address" }],
    });
  });

  it("shows a pool paused on chain as paused, and leaves it out of the recommendations", async () => {
    await asPoolAdmin(async (admin) => {
      const q = await hre.viem.getContractAt("LiquidStakingPool", t.deployment!.qETH!.address, {
        client: { wallet: await hre.viem.getWalletClient(admin) },
      });
      await q.write.pause();
      try {
        const body = realStakingProtocolsResponse.parse(
          (await request(t.app).get("/api/real-staking/protocols").expect(200)).body,
        );
        expect(body.protocols.find((p) => p.token === "qETH")).toMatchObject({ status: "paused", paused: true });
        // The next smallest minimum among active pools: xqbETH's 0.005 ETH.
        expect(body.recommendations.smallest_test?.token).toBe("xqbETH");
        const preview = await request(t.app).get("/api/real-staking/preview?protocol=qETH&ethAmount=0.01").expect(400);
        expect(preview.body.issues).toEqual([
          { path: "protocol", message: "Quantum Staked ETH is paused on chain: deposits are stopped" },
        ]);
      } finally {
        await q.write.unpause();
      }
    });
  });
});

describe("GET /api/real-staking/preview", () => {
  it("gives the exact shares previewDeposit gives and the daily rewards at the current APY", async () => {
    const res = await request(t.app).get("/api/real-staking/preview?protocol=xqbETH&ethAmount=0.0100").expect(200);
    const body = realStakingPreviewResponse.parse(res.body);
    const shares = await (
      await pool("xqbETH")
    ).read.previewDeposit([parseEther("0.01")], { blockNumber: BigInt(body.asOfBlock) });
    expect(body.ethAmount).toBe("0.01");
    expect(body.shares).toBe(formatEther(shares));
    expect(body.estimatedDailyRewards).toBe(expectedDailyRewards("0.01", body.currentAPY));
    expect(body.protocol).toEqual({
      name: "XQB Staked ETH",
      token: "xqbETH",
      contractAddress: t.deployment!.xqbETH!.address,
    });
    expect(body.dryRun).toBeNull();
  });

  it("dry-runs the deposit from a wallet without sending anything", async () => {
    const [, wallet] = await hre.viem.getWalletClients();
    const before = await blockNumber();
    const res = await request(t.app)
      .get(`/api/real-staking/preview?protocol=qETH&ethAmount=0.002&wallet=${wallet!.account.address}`)
      .expect(200);
    const body = realStakingPreviewResponse.parse(res.body);
    expect(body.dryRun).toMatchObject({
      ok: true,
      from: getAddress(wallet!.account.address),
      fromWallet: true,
      sharesOut: body.shares,
      failure: null,
    });
    expect(Number(body.dryRun!.gas)).toBeGreaterThan(21_000);
    expect(await blockNumber()).toBe(before);
  });

  it("refuses an amount below the pool's minimum with the spec's text, and bad amounts with their reason", async () => {
    const low = await request(t.app).get("/api/real-staking/preview?protocol=vibeETH&ethAmount=0.005").expect(400);
    expect(low.body).toMatchObject({
      code: "INVALID_INPUT",
      issues: [{ path: "ethAmount", message: "Minimum for Vibe Staked ETH is 0.01 ETH" }],
    });
    const neg = await request(t.app).get("/api/real-staking/preview?protocol=vibeETH&ethAmount=-1").expect(400);
    expect(neg.body.issues).toEqual([{ path: "ethAmount", message: "must not be negative" }]);
    const missing = await request(t.app).get("/api/real-staking/preview?protocol=vibeETH").expect(400);
    expect(missing.body.issues).toEqual([{ path: "ethAmount", message: "Select protocol and enter stake amount" }]);
    const pool = await request(t.app).get("/api/real-staking/preview?protocol=rETH&ethAmount=1").expect(400);
    expect(pool.body.issues).toEqual([{ path: "protocol", message: "must be one of vibeETH, qETH, xqbETH" }]);
  });
});

describe("GET /api/real-staking/practice-mode", () => {
  it("explains practice mode and dry-runs the smallest test from the API's account, sending nothing", async () => {
    const before = await blockNumber();
    const res = await request(t.app).get("/api/real-staking/practice-mode").expect(200);
    const body = realStakingPracticeResponse.parse(res.body);
    expect(body.practiceInfo.purpose).toMatch(/eth_call/);
    expect(body.practiceInfo.benefits.length).toBeGreaterThan(2);
    expect(body.recommendations.smallest_test?.token).toBe("qETH");
    // qETH's minimum is 0.001, so the recommended 0.01 ETH is the amount.
    expect(body.dryRun).toMatchObject({
      protocol: "qETH",
      ethAmount: "0.01",
      ok: true,
      fromWallet: false,
      from: t.deps.evm.selector.status().account,
    });
    const shares = await (
      await pool("qETH")
    ).read.previewDeposit([parseEther("0.01")], { blockNumber: BigInt(body.asOfBlock) });
    expect(body.dryRun.sharesOut).toBe(formatEther(shares));
    expect(Number(body.dryRun.gas)).toBeGreaterThan(21_000);
    expect(await blockNumber()).toBe(before);
  });

  it("shows the chain's refusal as the dry run's answer: below the minimum, or a wallet without ETH", async () => {
    const low = realStakingPracticeResponse.parse(
      (await request(t.app).get("/api/real-staking/practice-mode?protocol=vibeETH&ethAmount=0.001").expect(200)).body,
    );
    expect(low.dryRun).toMatchObject({ ok: false, sharesOut: null, gas: null });
    expect(low.dryRun.failure).toBe("below vibeETH's minimum deposit of 0.01 ETH (BelowMinimumDeposit)");
    const empty = "0x00000000000000000000000000000000000000e1";
    const poor = realStakingPracticeResponse.parse(
      (await request(t.app).get(`/api/real-staking/practice-mode?wallet=${empty}`).expect(200)).body,
    );
    expect(poor.dryRun).toMatchObject({
      ok: false,
      fromWallet: true,
      from: "0x00000000000000000000000000000000000000e1",
    });
    expect(poor.dryRun.failure).toBe(
      "insufficient funds: 0x00000000000000000000000000000000000000e1 holds 0 ETH, less than the 0.01 ETH deposit",
    );
  });
});
