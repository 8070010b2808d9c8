// The local-chain time control against the real app: Hardhat's in-process chain with the suite deployed and
// the event index on PGlite; a Sepolia-configured app and a local app whose node is down refuse it.
import hre from "hardhat";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryNonceStore, SignerRoad } from "../../ledgers/signer/signer-road";
import { EvmLiveChain } from "../../ledgers/evm";
import { custom } from "viem";
import { CLOSED_HTTP, startTestApp, type TestApp } from "../../testing/harness";
import { advanceTimeResponse, localChainTimeResponse } from "./local-chain.schemas";

const DAY = 86_400;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
});
afterAll(() => t?.close());

const latestBlock = async () => (await hre.viem.getPublicClient()).getBlock({ blockTag: "latest" });

describe("GET /api/local-chain/time", () => {
  it("on the live local chain: available, with the latest block's time against the server's clock", async () => {
    const block = await latestBlock();
    const body = localChainTimeResponse.parse((await request(t.app).get("/api/local-chain/time").expect(200)).body);
    expect(body).toMatchObject({
      available: true,
      reason: null,
      chainTime: Number(block.timestamp),
      blockNumber: block.number.toString(),
    });
    expect(Math.abs(body.wallClock - Date.now() / 1000)).toBeLessThan(5);
    expect(body.offsetSeconds).toBe(body.chainTime! - body.wallClock);
  });
});

describe("POST /api/local-chain/advance-time", () => {
  it("moves the chain's clock by 7 days in a new block, answered once the event index has that block", async () => {
    const before = await latestBlock();
    const res = await request(t.app).post("/api/local-chain/advance-time").send({ days: 7 }).expect(200);
    const body = advanceTimeResponse.parse(res.body);
    const after = await latestBlock();
    expect(body).toEqual({
      advancedSeconds: 7 * DAY,
      chainTime: Number(after.timestamp),
      blockNumber: after.number.toString(),
    });
    expect(after.number).toBe(before.number + 1n);
    expect(Number(after.timestamp) - Number(before.timestamp)).toBeGreaterThanOrEqual(7 * DAY);
    expect(Number(after.timestamp) - Number(before.timestamp)).toBeLessThan(7 * DAY + 60);
    // The index already holds the new block, and knows the time on both sides of the jump.
    const head = await t.deps.evm.index.head();
    expect(head).toMatchObject({ lastIndexedBlock: after.number, lastIndexedTimestamp: Number(after.timestamp) });
    expect(await t.deps.evm.index.blockAtOrBefore(Number(before.timestamp) + DAY)).toEqual({
      number: before.number,
      timestamp: Number(before.timestamp),
    });

    // The offset is the new block's time against the wall clock. The block before the jump can be minutes old (each
    // file starts from the worker's deployed snapshot), so the offset is checked against the answer's own two
    // times, and those against the chain and this clock.
    const time = localChainTimeResponse.parse((await request(t.app).get("/api/local-chain/time").expect(200)).body);
    expect(time.chainTime).toBe(Number(after.timestamp));
    expect(Math.abs(time.wallClock - Date.now() / 1000)).toBeLessThan(5);
    expect(time.offsetSeconds).toBe(time.chainTime! - time.wallClock);
    expect(time.offsetSeconds).toBeGreaterThan(7 * DAY - (Date.now() / 1000 - Number(before.timestamp)) - 5);
  });

  it("1 and 30 days too; anything else is a 400 on days, and nothing moves", async () => {
    for (const days of [1, 30]) {
      const body = advanceTimeResponse.parse(
        (await request(t.app).post("/api/local-chain/advance-time").send({ days }).expect(200)).body,
      );
      expect(body.advancedSeconds).toBe(days * DAY);
    }
    const before = await latestBlock();
    for (const bad of [{ days: 2 }, { days: "7" }, { days: 7.5 }, { days: -1 }, {}, { days: null }]) {
      const res = await request(t.app).post("/api/local-chain/advance-time").send(bad).expect(400);
      expect(res.body).toMatchObject({
        code: "INVALID_INPUT",
        issues: [{ path: "days", message: expect.any(String) }],
      });
    }
    const extra = await request(t.app).post("/api/local-chain/advance-time").send({ days: 1, seconds: 5 }).expect(400);
    expect(extra.body.issues).toEqual([{ path: "seconds", message: "is not an accepted field" }]);
    expect((await latestBlock()).number).toBe(before.number);
  });
});

describe("what the control is for", () => {
  it("a week's advance: the pool's rewards accrue and a withdrawal request becomes claimable", async () => {
    const [, staker] = await hre.viem.getWalletClients();
    const client = await hre.viem.getPublicClient();
    const pool = await hre.viem.getContractAt("LiquidStakingPool", t.deployment!.qETH!.address, {
      client: { wallet: staker! },
    });
    const me = staker!.account.address;
    const delay = await pool.read.withdrawalDelay();
    expect(delay).toBeLessThanOrEqual(BigInt(7 * DAY));

    await client.waitForTransactionReceipt({ hash: await pool.write.depositEth([me], { value: 10n ** 18n }) });
    const shares = await pool.read.balanceOf([me]);
    const requested = await client.waitForTransactionReceipt({
      hash: await pool.write.requestWithdrawal([shares / 2n]),
    });
    // The request as the index stored it: what a withdrawals page would list.
    expect(await t.deps.evm.index.waitFor(requested.blockNumber, 3000)).toBe(true);
    const [request_] = await t.deps.evm.index.events({
      contract: "qETH",
      eventName: "WithdrawalRequested",
      args: { owner: me },
      order: "desc",
      limit: 1,
    });
    expect(request_).toMatchObject({ blockNumber: requested.blockNumber });
    const requestId = BigInt(request_!.args.requestId as string);
    await expect(pool.simulate.claimEth([requestId], { account: me })).rejects.toThrow(/WithdrawalNotReady/);
    const rateBefore = await pool.read.exchangeRate();

    await request(t.app).post("/api/local-chain/advance-time").send({ days: 7 }).expect(200);

    expect(await pool.read.exchangeRate()).toBeGreaterThan(rateBefore); // rewards accrued over the week
    const claimed = await client.waitForTransactionReceipt({ hash: await pool.write.claimEth([requestId]) });
    expect(claimed.status).toBe("success");
  });
});

describe("where there is no local chain", () => {
  it("an API on Sepolia: not available, and advancing is a 404 with the reason; the client refuses before sending", async () => {
    const sepolia = await startTestApp({
      chain: "none",
      env: { SEPOLIA_RPC_URL: CLOSED_HTTP, EVM_PRIVATE_KEY: "0x" + "ab".repeat(32) },
    });
    try {
      const time = localChainTimeResponse.parse(
        (await request(sepolia.app).get("/api/local-chain/time").expect(200)).body,
      );
      expect(time).toMatchObject({ available: false, chainTime: null, offsetSeconds: null, blockNumber: null });
      expect(time.reason).toMatch(
        /only on the local Hardhat chain \(31337\); this API runs on sepolia \(chain 11155111\)/,
      );
      const res = await request(sepolia.app).post("/api/local-chain/advance-time").send({ days: 1 }).expect(404);
      expect(res.body).toMatchObject({
        code: "NOT_FOUND",
        error: expect.stringMatching(/only on the local Hardhat chain/),
      });
    } finally {
      await sepolia.close();
    }

    // The chain client itself: a node that is not the local chain is never sent evm_increaseTime.
    const sent: string[] = [];
    const node = new EvmLiveChain(
      {
        network: "sepolia",
        chainId: 11155111,
        transport: custom({
          request: (a: { method: string }) => (sent.push(a.method), hre.network.provider.request(a as never)),
        }),
        endpoint: "in-process",
        privateKey: t.deps.config.evm.privateKey,
        explorerBaseUrl: null,
      },
      new SignerRoad(new MemoryNonceStore()),
    );
    await expect(node.increaseTime(DAY)).rejects.toThrow(/only be moved on the local Hardhat chain/);
    expect(sent).toEqual([]);
  });

  it("the local chain's node down: not available (with the probe's reason), advancing is a 503", async () => {
    const down = await startTestApp({ chain: "none" });
    try {
      const time = localChainTimeResponse.parse(
        (await request(down.app).get("/api/local-chain/time").expect(200)).body,
      );
      expect(time).toMatchObject({ available: false, chainTime: null, blockNumber: null });
      expect(time.reason).toMatch(/not live: .*unreachable/);
      const res = await request(down.app).post("/api/local-chain/advance-time").send({ days: 1 }).expect(503);
      expect(res.body).toMatchObject({ code: "LEDGER_UNAVAILABLE", ledger: "ethereum" });
      expect(res.headers["retry-after"]).toBe("10");
    } finally {
      await down.close();
    }
  });
});
