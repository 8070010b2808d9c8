// A wallet's whole test stake on Hardhat's in-process chain, through the real event index: the wallet
// sends depositEth itself, create-stake checks it against the chain (and refuses what is not that
// deposit), the stakes list values it; then requestWithdrawal, the delay passed with evm_increaseTime,
// claimEth. Also the APY's switch from the reward stream to the exchange rate once a day of history exists.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatEther, getAddress, parseEther, parseEventLogs, type Address, type Hash } from "viem";
import { startTestApp, type TestApp } from "../../testing/harness";
import { apyFromRates } from "./real-staking.rules";
import { createRealStakingRouter } from "./real-staking.routes";
import {
  poolYield,
  realStakingCreateStakeResponse,
  realStakingProtocolsResponse,
  realStakingStakesResponse,
  type RealStake,
} from "./real-staking.schemas";

let t: TestApp;
let wallet: Awaited<ReturnType<typeof hre.viem.getWalletClients>>[number];
let owner: Address;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  wallet = (await hre.viem.getWalletClients())[4]!;
  owner = getAddress(wallet.account.address);
});
afterAll(() => t?.close());

const publicClient = () => hre.viem.getPublicClient();
const qeth = () => hre.viem.getContractAt("LiquidStakingPool", t.deployment!.qETH!.address, { client: { wallet } });

/** Sends a transaction from the test wallet and waits for it; the index is then given time to store the block. */
async function mined(send: Promise<Hash>) {
  const hash = await send;
  const receipt = await (await publicClient()).waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  expect(await t.deps.evm.index.waitFor(receipt.blockNumber, 10_000)).toBe(true);
  return receipt;
}

async function advance(seconds: number) {
  await hre.network.provider.request({ method: "evm_increaseTime", params: [seconds] });
  await hre.network.provider.request({ method: "evm_mine", params: [] });
  const head = await (await publicClient()).getBlockNumber();
  expect(await t.deps.evm.index.waitFor(head, 10_000)).toBe(true);
}

async function stakes() {
  return realStakingStakesResponse.parse(
    (await request(t.app).get(`/api/real-staking/stakes/${owner}`).expect(200)).body,
  );
}

describe("a wallet's test stake, end to end", () => {
  let depositHash: Hash;
  let stake: RealStake;
  let holdersAtStart: number;

  it("starts with no stakes (the page's empty state), the APY from the reward stream", async () => {
    const body = await stakes();
    expect(body).toMatchObject({ wallet: owner, stakes: [], source: "live" });
    const protocols = realStakingProtocolsResponse.parse(
      (await request(t.app).get("/api/real-staking/protocols").expect(200)).body,
    );
    expect(protocols.protocols.map((p) => [p.apySource, p.apyWindowSeconds])).toEqual(
      Array(3).fill(["reward-stream", null]),
    );
    holdersAtStart = protocols.protocols.find((p) => p.token === "qETH")!.holders!;
    expect(holdersAtStart).toBeGreaterThanOrEqual(0);
    // Distinct holders come from the index; with none anywhere (the deploy's seed shares belong to 0x…dEaD), no pick.
    expect(protocols.protocols.map((p) => p.holders)).toEqual([0, 0, 0]);
    expect(protocols.recommendations.most_decentralized).toBeNull();
  });

  it("records the wallet's own depositEth after reading its receipt and Deposit event", async () => {
    const pool = await qeth();
    depositHash = await pool.write.depositEth([owner], { value: parseEther("0.01") });
    const receipt = await (await publicClient()).waitForTransactionReceipt({ hash: depositHash });
    const [deposit] = parseEventLogs({ abi: pool.abi, eventName: "Deposit", logs: receipt.logs });

    const body = { protocol: "qETH", ethAmount: "0.01", walletAddress: owner, transactionHash: depositHash };
    const res = await request(t.app).post("/api/real-staking/create-stake").send(body).expect(200);
    const created = realStakingCreateStakeResponse.parse(res.body);
    expect(created.protocol).toEqual({
      name: "Quantum Staked ETH",
      token: "qETH",
      contractAddress: t.deployment!.qETH!.address,
    });
    expect(created.indexed).toBe(true);
    stake = created.stake;
    expect(stake).toMatchObject({
      id: `qETH:${depositHash}:${deposit!.logIndex}`,
      protocol: "Quantum Staked ETH",
      token: "qETH",
      ethAmount: "0.01",
      status: "confirmed",
      transactionHash: depositHash,
      blockNumber: receipt.blockNumber.toString(),
      shares: formatEther(deposit!.args.shares),
      sharesHeld: formatEther(deposit!.args.shares),
      withdrawals: [],
    });
    const block = await (await publicClient()).getBlock({ blockNumber: receipt.blockNumber });
    expect(stake.timestamp).toBe(new Date(Number(block.timestamp) * 1000).toISOString());

    // Reported again, in any spelling of the hash: the same stake.
    const again = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ ...body, transactionHash: depositHash.toUpperCase().replace("0X", "0x") })
      .expect(200);
    expect(again.body.stake.id).toBe(stake.id);
  });

  it("refuses what is not that deposit: another pool, another wallet, another amount, another contract, an unknown hash", async () => {
    const body = { protocol: "qETH", ethAmount: "0.01", walletAddress: owner, transactionHash: depositHash };
    const vibe = t.deployment!.vibeETH!.address;
    const otherPool = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ ...body, protocol: "vibeETH" })
      .expect(400);
    expect(otherPool.body.issues).toEqual([
      {
        path: "transactionHash",
        message: `not a vibeETH deposit by ${owner}: it was sent to ${t.deployment!.qETH!.address}, not the vibeETH pool ${vibe}`,
      },
    ]);
    const stranger = getAddress("0x00000000000000000000000000000000000000f1");
    const otherWallet = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ ...body, walletAddress: stranger })
      .expect(400);
    expect(otherWallet.body.issues).toEqual([
      { path: "transactionHash", message: `not a qETH deposit by ${stranger}: its Deposit event's owner is ${owner}` },
    ]);
    const otherAmount = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ ...body, ethAmount: "0.02" })
      .expect(400);
    expect(otherAmount.body.issues).toEqual([
      { path: "ethAmount", message: `the deposit in ${depositHash} was 0.01 ETH, not 0.02 ETH` },
    ]);

    // A foreign transaction: an XQB mint the wallet sent to the minter.
    const minter = await hre.viem.getContractAt("XQBMinter", t.deployment!.XQBMinter!.address, { client: { wallet } });
    const mint = await minter.write.mint([owner], { value: parseEther("0.01") });
    await (await publicClient()).waitForTransactionReceipt({ hash: mint });
    const foreign = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ ...body, transactionHash: mint })
      .expect(400);
    expect(foreign.body.issues[0]).toMatchObject({ path: "transactionHash" });
    expect(foreign.body.issues[0].message).toMatch(
      new RegExp(`^not a qETH deposit by ${owner}: it was sent to ${t.deployment!.XQBMinter!.address}`),
    );

    const unknown = `0x${"ab".repeat(32)}`;
    const missing = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ ...body, transactionHash: unknown })
      .expect(404);
    expect(missing.body).toMatchObject({
      code: "NOT_FOUND",
      issues: [
        {
          path: "transactionHash",
          message: `${unknown} is not mined yet or not on this chain (hardhat, chain id 31337)`,
        },
      ],
    });

    // The spec's message for an amount below the pool's minimum, before any chain lookup of the hash.
    const low = await request(t.app)
      .post("/api/real-staking/create-stake")
      .send({ ...body, ethAmount: "-0.01" })
      .expect(400);
    expect(low.body.issues).toEqual([{ path: "ethAmount", message: "must not be negative" }]);
  });

  it("lists the stake from the index with its value now (convertToAssets) and the rewards earned so far", async () => {
    await advance(3600);
    const body = await stakes();
    expect(body.stakes.map((s) => s.id)).toEqual([stake.id]);
    const s = body.stakes[0]!;
    const value = await (
      await qeth()
    ).read.convertToAssets([parseEther(s.sharesHeld)], { blockNumber: BigInt(body.asOfBlock) });
    expect(s.currentValue).toBe(formatEther(value));
    expect(s.rewardsEarned).toBe(formatEther(value - parseEther("0.01")));
    // An hour of a 3.8%-a-year stream shared by 1.01 ETH: the deposit has earned something.
    expect(parseEther(s.rewardsEarned)).toBeGreaterThan(0n);
    const protocols = realStakingProtocolsResponse.parse(
      (await request(t.app).get("/api/real-staking/protocols").expect(200)).body,
    );
    expect(protocols.protocols.find((p) => p.token === "qETH")!.holders).toBe(holdersAtStart + 1);
    expect(protocols.recommendations.most_decentralized).toEqual({
      token: "qETH",
      name: "Quantum Staked ETH",
      text: "Quantum Staked ETH has the most distinct holders: 1",
    });
  });

  it("shows a withdrawal request with its countdown, claimable once the delay has passed, then claimed", async () => {
    const pool = await qeth();
    const shares = parseEther(stake.shares);
    const requested = await mined(pool.write.requestWithdrawal([shares]));
    const [event] = parseEventLogs({ abi: pool.abi, eventName: "WithdrawalRequested", logs: requested.logs });

    let s = (await stakes()).stakes[0]!;
    expect(s).toMatchObject({ status: "withdrawing", sharesHeld: "0", currentValue: "0" });
    const delay = Number(await pool.read.withdrawalDelay());
    expect(s.withdrawals).toHaveLength(1);
    expect(s.withdrawals[0]).toMatchObject({
      requestId: event!.args.requestId.toString(),
      shares: stake.shares,
      assets: formatEther(event!.args.assets),
      claimable: false,
      claimed: false,
      secondsUntilClaimable: delay,
      requestTransactionHash: requested.transactionHash,
      claimTransactionHash: null,
    });
    // The ETH locked by the request is what the deposit has earned, and it earns no more.
    expect(s.rewardsEarned).toBe(formatEther(event!.args.assets - parseEther("0.01")));

    await advance(delay - 100);
    s = (await stakes()).stakes[0]!;
    expect(s.withdrawals[0]).toMatchObject({ claimable: false });
    expect(s.withdrawals[0]!.secondsUntilClaimable).toBeGreaterThan(0);
    expect(s.withdrawals[0]!.secondsUntilClaimable).toBeLessThanOrEqual(100);

    await advance(100);
    s = (await stakes()).stakes[0]!;
    expect(s.withdrawals[0]).toMatchObject({ claimable: true, secondsUntilClaimable: 0, claimed: false });

    const claimed = await mined(pool.write.claimEth([event!.args.requestId]));
    s = (await stakes()).stakes[0]!;
    expect(s.status).toBe("withdrawn");
    expect(s.withdrawals[0]).toMatchObject({
      claimed: true,
      claimable: false,
      claimTransactionHash: claimed.transactionHash,
    });
  });

  it("takes the APY from the exchange rate over the indexed window once a day of history exists", async () => {
    const body = realStakingProtocolsResponse.parse(
      (await request(t.app).get("/api/real-staking/protocols").expect(200)).body,
    );
    const at = BigInt(body.asOfBlock);
    const head = await (await publicClient()).getBlock({ blockNumber: at });
    for (const p of body.protocols) {
      expect(p.apySource).toBe("exchange-rate");
      // Less than 7 days since the deploy: the window is the longest there is, from the pool's deployment.
      const deployedOn = BigInt(t.deployment![p.token]!.deployedOnBlock);
      const deployed = await (await publicClient()).getBlock({ blockNumber: deployedOn });
      expect(p.apyWindowSeconds).toBe(Number(head.timestamp - deployed.timestamp));
      const pool = await hre.viem.getContractAt("LiquidStakingPool", t.deployment![p.token]!.address);
      const [then, now] = await Promise.all([
        pool.read.exchangeRate({ blockNumber: deployedOn }),
        pool.read.exchangeRate({ blockNumber: at }),
      ]);
      expect(p.currentAPY).toBe(apyFromRates(then, now, p.apyWindowSeconds!));
    }
    // The streams were paying 4.2%, 3.8% and 5.1% on about 1 ETH each the whole time.
    const [vibe, q, xqb] = body.protocols.map((p) => p.currentAPY);
    expect(vibe).toBeCloseTo(4.2, 1);
    expect(q).toBeGreaterThan(3.7);
    expect(q).toBeLessThanOrEqual(3.8);
    expect(xqb).toBeCloseTo(5.1, 1);
    // The wallet's shares were burned by its request: it is no longer a holder of qETH.
    expect(body.protocols.find((p) => p.token === "qETH")!.holders).toBe(holdersAtStart);

    // What the liquid-staking feature reads through app.ts: the same yields, for the same block.
    const { exports } = createRealStakingRouter({ evm: t.deps.evm.selector, index: t.deps.evm.index, chainId: 31337 });
    const yields = await exports.poolYields();
    expect(yields.map((y) => poolYield.parse(y))).toHaveLength(3);
    for (const y of yields) {
      const p = body.protocols.find((p) => p.token === y.pool)!;
      expect(y.source).toBe("exchange-rate");
      expect(BigInt(y.asOfBlock)).toBeGreaterThanOrEqual(at);
      if (y.asOfBlock === body.asOfBlock)
        expect(y).toMatchObject({ apy: p.currentAPY, windowSeconds: p.apyWindowSeconds });
    }
  });

  it("uses the indexed block at or before 7 days ago once the pools are older than that", async () => {
    await advance(5 * 86_400);
    const body = realStakingProtocolsResponse.parse(
      (await request(t.app).get("/api/real-staking/protocols").expect(200)).body,
    );
    const at = BigInt(body.asOfBlock);
    const head = await (await publicClient()).getBlock({ blockNumber: at });
    const sample = await t.deps.evm.index.blockAtOrBefore(Number(head.timestamp) - 7 * 86_400);
    expect(sample).not.toBeNull();
    for (const p of body.protocols) {
      expect(sample!.number).toBeGreaterThanOrEqual(BigInt(t.deployment![p.token]!.deployedOnBlock));
      // The newest sample at or before a week ago: on a chain whose blocks are days apart, a little more than a week.
      expect(p).toMatchObject({
        apySource: "exchange-rate",
        apyWindowSeconds: Number(head.timestamp) - sample!.timestamp,
      });
      expect(p.apyWindowSeconds).toBeGreaterThanOrEqual(7 * 86_400);
      const pool = await hre.viem.getContractAt("LiquidStakingPool", t.deployment![p.token]!.address);
      const [then, now] = await Promise.all([
        pool.read.exchangeRate({ blockNumber: sample!.number }),
        pool.read.exchangeRate({ blockNumber: at }),
      ]);
      expect(p.currentAPY).toBe(apyFromRates(then, now, p.apyWindowSeconds!));
      expect(p.currentAPY).toBeGreaterThan(3);
    }
  });

  it("answers from the receipt when the index has not reached the deposit's block, and from the index once it has", async () => {
    await t.deps.evm.index.stop();
    try {
      const pool = await hre.viem.getContractAt("LiquidStakingPool", t.deployment!.xqbETH!.address, {
        client: { wallet },
      });
      const hash = await pool.write.depositEth([owner], { value: parseEther("0.005") });
      const receipt = await (await publicClient()).waitForTransactionReceipt({ hash });
      const [deposit] = parseEventLogs({ abi: pool.abi, eventName: "Deposit", logs: receipt.logs });
      const body = { protocol: "xqbETH", ethAmount: "0.005", walletAddress: owner, transactionHash: hash };
      const early = realStakingCreateStakeResponse.parse(
        (await request(t.app).post("/api/real-staking/create-stake").send(body).expect(200)).body,
      );
      expect(early.indexed).toBe(false);
      expect(early.stake).toMatchObject({
        id: `xqbETH:${hash}:${deposit!.logIndex}`,
        ethAmount: "0.005",
        status: "confirmed",
        shares: formatEther(deposit!.args.shares),
        sharesHeld: formatEther(deposit!.args.shares),
        withdrawals: [],
      });
      expect((await stakes()).stakes.map((s) => s.id)).not.toContain(early.stake.id);

      await t.deps.evm.index.start();
      const late = realStakingCreateStakeResponse.parse(
        (await request(t.app).post("/api/real-staking/create-stake").send(body).expect(200)).body,
      );
      expect(late.indexed).toBe(true);
      expect(late.stake).toEqual(early.stake);
      expect((await stakes()).stakes[0]).toEqual(early.stake);
    } finally {
      await t.deps.evm.index.start();
    }
  });
});
