// The event index on Hardhat's in-process chain with the whole suite deployed, on PGlite in memory: the
// deploy's events are there, new ones arrive within a poll, queries filter and order in the database, and
// the loop never asks for a block range twice nor below the deploy blocks.
import hre from "hardhat";
import { custom, getAddress, parseEther, type Address, type EIP1193Parameters } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../../../../scripts/lib/deploy-suite";
import { openDatabase, type Database } from "../../../db/client";
import { abiOf, contractsOn } from "../contracts";
import { createEventIndex, type EvmEventIndex } from "./index";

const DEAD: Address = "0x000000000000000000000000000000000000dEaD";
const provider = hre.network.provider;
/** Every request the index sends, through a transport in front of the in-process chain. */
const calls: { method: string; params: unknown }[] = [];
const counted = custom({
  request: (args: EIP1193Parameters) => {
    calls.push({ method: args.method, params: args.params });
    return provider.request(args as never);
  },
});
const POLL_MS = 200;

let db: Database;
let index: EvmEventIndex;

beforeAll(async () => {
  await deploySuite(hre);
  db = await openDatabase({ databaseUrl: null, pgliteDir: "memory://" });
  index = createEventIndex({
    chainId: 31337,
    network: "hardhat",
    transport: counted,
    database: db,
    pollMs: POLL_MS,
    confirmations: 0,
    maxBlockRange: 7, // small ranges: the suite's ~60 blocks take several calls
    rpcTimeoutMs: 5000,
    sampleSeconds: 600,
    reorgDepth: 4,
  });
  await index.start();
});
afterAll(async () => {
  await index?.stop();
  await db?.close();
});

async function depositEth(pool: "qETH" | "vibeETH", receiver: Address, value: bigint) {
  const [wallet] = await hre.viem.getWalletClients();
  const publicClient = await hre.viem.getPublicClient();
  const hash = await wallet!.writeContract({
    address: contractsOn(31337)![pool]!.address,
    abi: abiOf(pool),
    functionName: "depositEth",
    args: [receiver],
    value,
  });
  return publicClient.waitForTransactionReceipt({ hash });
}

describe("the EVM event index", () => {
  it("holds the suite's deploy events, decoded, with the map's contract names", async () => {
    const head = await index.head();
    const latest = await (await hre.viem.getPublicClient()).getBlockNumber();
    expect(head).toMatchObject({
      chainId: 31337,
      chainInstance: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      lastIndexedBlock: latest,
    });

    // Each pool's dead shares: an ERC-4626 Deposit to 0x…dEaD, stored under the pool's own name.
    const dead = await index.events({
      contract: ["qETH", "vibeETH", "xqbETH"],
      eventName: "Deposit",
      args: { owner: DEAD.toLowerCase() },
    });
    expect(dead.map((e) => e.contract).sort()).toEqual(["qETH", "vibeETH", "xqbETH"]);
    const q = dead.find((e) => e.contract === "qETH")!;
    expect(q.address).toBe(contractsOn(31337)!.qETH!.address);
    expect(q.args.owner).toBe(DEAD);
    expect(q.args.assets).toMatch(/^[1-9]\d*$/);
    expect(q.blockNumber).toBeGreaterThanOrEqual(BigInt(contractsOn(31337)!.qETH!.deployedOnBlock));
    expect(q.blockTimestamp).toBeGreaterThan(1_600_000_000);
    expect(q.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);

    // The lending pool's set-up (collateral configured per pool) is there too.
    const lending = await index.events({ contract: "LendingPool", eventName: "CollateralConfigured" });
    expect(lending.length).toBeGreaterThanOrEqual(3);
    expect(lending.every((e) => e.contract === "LendingPool")).toBe(true);
  });

  it("never asks below the lowest deployedOnBlock, nor for a block twice", async () => {
    const ranges = calls
      .filter((c) => c.method === "eth_getLogs")
      .map((c) => (c.params as [{ fromBlock: string; toBlock: string; address: string[] }])[0])
      .map((p) => ({ from: Number(p.fromBlock), to: Number(p.toBlock), addresses: p.address.length }));
    const lowest = Math.min(...Object.values(contractsOn(31337)!).map((c) => c!.deployedOnBlock));
    expect(ranges.length).toBeGreaterThan(3);
    expect(ranges[0]!.from).toBe(lowest);
    expect(ranges.every((r) => r.to - r.from + 1 <= 7 && r.addresses === Object.keys(contractsOn(31337)!).length)).toBe(
      true,
    );
    const sorted = [...ranges].sort((a, b) => a.from - b.from);
    // Contiguous and disjoint: each range starts right after the previous one ended.
    sorted.slice(1).forEach((r, i) => expect(r.from).toBe(sorted[i]!.to + 1));
    // Timestamps once per distinct block.
    const blockReads = calls.filter((c) => c.method === "eth_getBlockByNumber").map((c) => (c.params as [string])[0]);
    const perBlock = new Map<string, number>();
    for (const b of blockReads) perBlock.set(b, (perBlock.get(b) ?? 0) + 1);
    // The head is read again once per pass (the reorg check); no other block more than once per pass.
    expect(Math.max(...[...perBlock.entries()].filter(([b]) => b !== "0x0").map(([, n]) => n))).toBeLessThanOrEqual(
      index.stats.passes + 1,
    );
  });

  it("a new deposit appears within a poll; waitFor resolves once it is stored", async () => {
    const alice = getAddress("0x70997970c51812dc3a010c7d01b50e0d17dc79c8");
    const receipt = await depositEth("qETH", alice, parseEther("0.5"));
    const started = Date.now();
    expect(await index.waitFor(receipt.blockNumber, 3000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(POLL_MS + 1000);
    const mine = await index.events({ contract: "qETH", eventName: "Deposit", args: { owner: alice.toLowerCase() } });
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      blockNumber: receipt.blockNumber,
      args: { owner: alice, assets: parseEther("0.5").toString() },
    });
    expect(mine[0]!.transactionHash).toBe(receipt.transactionHash.toLowerCase());

    // A block that does not exist yet: false after the timeout, not an error.
    expect(await index.waitFor(receipt.blockNumber + 1000n, 300)).toBe(false);
  });

  it("orders, limits and filters by block in the database", async () => {
    const bob = getAddress("0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc");
    const r1 = await depositEth("vibeETH", bob, parseEther("0.1"));
    const r2 = await depositEth("vibeETH", bob, parseEther("0.2"));
    const r3 = await depositEth("qETH", bob, parseEther("0.3"));
    await index.waitFor(r3.blockNumber, 3000);

    const all = await index.events({ contract: ["vibeETH", "qETH"], eventName: "Deposit", args: { owner: bob } });
    expect(all.map((e) => [e.contract, e.args.assets])).toEqual([
      ["vibeETH", parseEther("0.1").toString()],
      ["vibeETH", parseEther("0.2").toString()],
      ["qETH", parseEther("0.3").toString()],
    ]);
    const newest = await index.events({
      contract: ["vibeETH", "qETH"],
      eventName: "Deposit",
      args: { owner: bob },
      order: "desc",
      limit: 2,
    });
    expect(newest.map((e) => e.blockNumber)).toEqual([r3.blockNumber, r2.blockNumber]);
    const between = await index.events({
      contract: "vibeETH",
      args: { owner: bob },
      fromBlock: r2.blockNumber,
      toBlock: r2.blockNumber,
    });
    expect(between.map((e) => e.eventName)).toEqual(["Deposit"]);
    expect(between[0]!.blockNumber).toBe(r2.blockNumber);
    expect(r1.blockNumber).toBeLessThan(r2.blockNumber);
    // Events of one pool never show under another's name.
    expect(await index.events({ contract: "xqbETH", args: { owner: bob } })).toEqual([]);
  });

  it("keeps time samples on both sides of an evm_increaseTime jump", async () => {
    const client = await hre.viem.getPublicClient();
    const before = await client.getBlock();
    await provider.request({ method: "evm_increaseTime", params: [7 * 86_400] });
    await provider.request({ method: "evm_mine", params: [] });
    const after = await client.getBlock();
    expect(await index.waitFor(after.number, 3000)).toBe(true);

    const inTheGap = await index.blockAtOrBefore(Number(before.timestamp) + 3 * 86_400);
    expect(inTheGap).toEqual({ number: before.number, timestamp: Number(before.timestamp) });
    expect(await index.blockAtOrBefore(Number(after.timestamp))).toEqual({
      number: after.number,
      timestamp: Number(after.timestamp),
    });
    expect(await index.blockAtOrBefore(1_000_000_000)).toBeNull();
    expect((await index.head())!.lastIndexedTimestamp).toBe(Number(after.timestamp));
  });
});
