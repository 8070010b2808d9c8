// The index through the chain's bad moments, on Hardhat's in-process chain and PGlite in memory: the node
// going away (the loop pauses, logs once, and resumes by itself), a chain restarted under the same genesis
// (the in-process hardhat_reset keeps the genesis hash: the changed blocks are found and the run is indexed
// again) and a new chain run (a new genesis hash, as a restarted `hardhat node` has: the old run's rows go
// and the new run is indexed from the deploy blocks).
import hre from "hardhat";
import { count, eq } from "drizzle-orm";
import { custom, parseEther, type EIP1193Parameters } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../../../../scripts/lib/deploy-suite";
import { openDatabase, type Database } from "../../../db/client";
import { evmEvents, evmIndexBlocks } from "../../../db/schema";
import { createEventIndex, type EvmEventIndex } from "./index";

const provider = hre.network.provider;
let down = false;
/** Set: the node reports this genesis hash (the in-process chain cannot make a new genesis by itself). */
let otherGenesis: string | null = null;
const flaky = custom(
  {
    request: async (args: EIP1193Parameters) => {
      if (down) throw new Error("connect ECONNREFUSED 127.0.0.1:8545");
      const answer = (await provider.request(args as never)) as { hash?: string } | null;
      const params = args.params as unknown[] | undefined;
      if (otherGenesis && args.method === "eth_getBlockByNumber" && params?.[0] === "0x0" && answer)
        return { ...answer, hash: otherGenesis };
      return answer;
    },
  },
  { retryCount: 0 },
);
const POLL_MS = 100;
const logs: { level: "info" | "warn"; msg: string }[] = [];

let db: Database;
let index: EvmEventIndex;

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}
const genesis = async () => (await (await hre.viem.getPublicClient()).getBlock({ blockNumber: 0n })).hash.toLowerCase();
const latest = async () => (await hre.viem.getPublicClient()).getBlockNumber({ cacheTime: 0 });

beforeAll(async () => {
  await deploySuite(hre);
  db = await openDatabase({ databaseUrl: null, pgliteDir: "memory://" });
  index = createEventIndex({
    chainId: 31337,
    network: "hardhat",
    transport: flaky,
    database: db,
    pollMs: POLL_MS,
    confirmations: 0,
    maxBlockRange: 2000,
    rpcTimeoutMs: 2000,
    sampleSeconds: 600,
    reorgDepth: 4,
    logger: {
      info: (_o, msg) => logs.push({ level: "info", msg: msg ?? "" }),
      warn: (_o, msg) => logs.push({ level: "warn", msg: msg ?? "" }),
    },
  });
  await index.start();
});
afterAll(async () => {
  await index?.stop();
  await db?.close();
});

describe("the event index when the chain misbehaves", () => {
  it("pauses while the node is away (one log line, not one per tick) and resumes by itself", async () => {
    expect((await index.head())!.lastIndexedBlock).toBe(await latest());
    down = true;
    await new Promise((r) => setTimeout(r, POLL_MS * 10));
    const paused = logs.filter((l) => l.msg.startsWith("event index paused"));
    expect(paused).toHaveLength(1);
    expect(index.stats.passes).toBeGreaterThan(5);

    // Blocks made while the index could not see them.
    await provider.request({ method: "evm_mine", params: [] });
    await provider.request({ method: "evm_mine", params: [] });
    const tip = await latest();
    down = false;
    expect(await index.waitFor(tip, 3000)).toBe(true);
    expect(logs.filter((l) => l.msg.startsWith("event index resumed"))).toHaveLength(1);
  });

  it("a reorg (evm_snapshot / evm_revert, then other blocks at the same heights) rolls back a bounded depth and re-indexes", async () => {
    const client = await hre.viem.getPublicClient();
    const [wallet] = await hre.viem.getWalletClients();
    const pool = (await import("../contracts")).contractsOn(31337)!.qETH!;
    const { abiOf } = await import("../contracts");
    const deposit = async (value: bigint) =>
      client.waitForTransactionReceipt({
        hash: await wallet!.writeContract({
          address: pool.address,
          abi: abiOf("qETH"),
          functionName: "depositEth",
          args: [wallet!.account.address],
          value,
        }),
      });
    const query = { contract: "qETH", eventName: "Deposit", args: { owner: wallet!.account.address } } as const;
    const before = (await index.events(query)).length;

    const snapshot = await provider.request({ method: "evm_snapshot", params: [] });
    const dropped = await deposit(parseEther("0.11"));
    expect(await index.waitFor(dropped.blockNumber, 3000)).toBe(true);
    expect((await index.events(query)).map((e) => e.transactionHash)).toContain(dropped.transactionHash.toLowerCase());

    // The block that held it is replaced: another transaction at the same height, and one more block.
    const rollbacks = index.stats.rollbacks;
    await provider.request({ method: "evm_revert", params: [snapshot] });
    await new Promise((r) => setTimeout(r, 1100)); // a new timestamp: a new block hash even for the same contents
    const kept = await deposit(parseEther("0.22"));
    expect(kept.blockNumber).toBe(dropped.blockNumber);
    await provider.request({ method: "evm_mine", params: [] });
    const tip = await latest();
    expect(await index.waitFor(tip, 3000)).toBe(true);
    await until(
      async () => (await index.events(query)).some((e) => e.transactionHash === kept.transactionHash.toLowerCase()),
      3000,
    );

    const after = await index.events(query);
    expect(after.map((e) => e.transactionHash)).not.toContain(dropped.transactionHash.toLowerCase());
    expect(after.map((e) => e.transactionHash)).toContain(kept.transactionHash.toLowerCase());
    expect(after).toHaveLength(before + 1);
    expect(index.stats.rollbacks).toBe(rollbacks + 1);
    const head = (await index.head())!;
    expect(head.lastIndexedBlock).toBe(tip);
  });

  it("a chain restarted under the same genesis (hardhat_reset) is found out by its head block and indexed again", async () => {
    const run = (await index.head())!.chainInstance;
    const rollbacks = index.stats.rollbacks;
    await provider.request({ method: "hardhat_reset", params: [] });
    expect(await genesis()).toBe(run); // the in-process chain keeps its genesis block
    await deploySuite(hre);
    const tip = await latest();

    expect(await index.waitFor(tip, 5000)).toBe(true);
    const head = (await index.head())!;
    const client = await hre.viem.getPublicClient();
    expect(head).toMatchObject({ chainInstance: run, lastIndexedBlock: tip });
    expect(index.stats.rollbacks).toBeGreaterThan(rollbacks);
    // Only the new chain's events: one dead-shares deposit per pool, each from a block the chain has now.
    const deposits = await index.events({ contract: ["qETH", "vibeETH", "xqbETH"], eventName: "Deposit" });
    expect(deposits.map((e) => e.contract).sort()).toEqual(["qETH", "vibeETH", "xqbETH"]);
    for (const d of deposits) {
      const receipt = await client.getTransactionReceipt({ hash: d.transactionHash });
      expect(receipt.blockNumber).toBe(d.blockNumber);
    }
  });

  it("a new chain run (another genesis hash) starts a new index from the deploy blocks; the old run's rows go", async () => {
    const oldRun = (await index.head())!.chainInstance;
    const newRuns = index.stats.newRuns;
    await provider.request({ method: "hardhat_reset", params: [] });
    otherGenesis = "0x" + "ab".repeat(32);
    await deploySuite(hre);
    const tip = await latest();

    expect(await index.waitFor(tip, 5000, otherGenesis)).toBe(true);
    const head = (await index.head())!;
    expect(head).toMatchObject({ chainInstance: otherGenesis, lastIndexedBlock: tip });
    const deposits = await index.events({ contract: ["qETH", "vibeETH", "xqbETH"], eventName: "Deposit" });
    expect(deposits.every((e) => e.chainInstance === otherGenesis)).toBe(true);
    expect(deposits.map((e) => e.contract).sort()).toEqual(["qETH", "vibeETH", "xqbETH"]);
    const [oldEvents] = await db.db.select({ n: count() }).from(evmEvents).where(eq(evmEvents.chainInstance, oldRun));
    const [oldSamples] = await db.db
      .select({ n: count() })
      .from(evmIndexBlocks)
      .where(eq(evmIndexBlocks.chainInstance, oldRun));
    expect([Number(oldEvents!.n), Number(oldSamples!.n)]).toEqual([0, 0]);
    expect(index.stats.newRuns).toBe(newRuns + 1);
  });
});
