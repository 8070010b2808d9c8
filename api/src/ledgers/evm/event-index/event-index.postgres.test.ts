// Two event indexes (two API replicas) on one PostgreSQL server and one chain: exactly one indexes (it holds
// the chain's session advisory lock), both answer from the shared tables, and when the leader's lock
// connection ends (the replica died) the other takes over within a few seconds. Runs when TEST_DATABASE_URL
// names a server it may create databases on (scripts/pg-test-server.sh).
import { randomBytes } from "node:crypto";
import hre from "hardhat";
import { custom, getAddress, parseEther, type EIP1193Parameters } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../../../../scripts/lib/deploy-suite";
import { openDatabase, type Database } from "../../../db/client";
import { onTestDatabase, testDatabaseUrl, testServerUrl } from "../../../testing/pg-server";
import { abiOf, contractsOn } from "../contracts";
import { createEventIndex, type EvmEventIndex } from "./index";

const POLL_MS = 200;

describe.skipIf(!testServerUrl)("the event index with replicas on one PostgreSQL", () => {
  const dbName = `xqb_index_${randomBytes(4).toString("hex")}`;
  const replicas: { db: Database; index: EvmEventIndex; getLogs: number }[] = [];

  function replica(db: Database) {
    const r = { db, index: null as unknown as EvmEventIndex, getLogs: 0 };
    r.index = createEventIndex({
      chainId: 31337,
      network: "hardhat",
      transport: custom(
        {
          request: (args: EIP1193Parameters) => {
            if (args.method === "eth_getLogs") r.getLogs++;
            return hre.network.provider.request(args as never);
          },
        },
        { retryCount: 0 },
      ),
      database: db,
      pollMs: POLL_MS,
      confirmations: 0,
      maxBlockRange: 2000,
      rpcTimeoutMs: 5000,
      sampleSeconds: 600,
      reorgDepth: 4,
    });
    return r;
  }

  beforeAll(async () => {
    await deploySuite(hre);
    await onTestDatabase(null, (c) => c.query(`CREATE DATABASE ${dbName}`));
    const [a, b] = await Promise.all(
      [1, 2].map(() => openDatabase({ databaseUrl: testDatabaseUrl(dbName), pgliteDir: "" })),
    );
    replicas.push(replica(a!), replica(b!));
    await Promise.all(replicas.map((r) => r.index.start()));
  });

  afterAll(async () => {
    for (const r of replicas) {
      await r.index.stop();
      await r.db.close();
    }
    await onTestDatabase(null, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  });

  const leaders = () => replicas.filter((r) => r.index.isLeader());
  const until = async (what: () => boolean, ms: number) => {
    const end = Date.now() + ms;
    while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    return what();
  };

  async function deposit(value: bigint) {
    const [wallet] = await hre.viem.getWalletClients();
    const owner = getAddress(wallet!.account.address);
    const hash = await wallet!.writeContract({
      address: contractsOn(31337)!.qETH!.address,
      abi: abiOf("qETH"),
      functionName: "depositEth",
      args: [owner],
      value,
    });
    return { owner, receipt: await (await hre.viem.getPublicClient()).waitForTransactionReceipt({ hash }) };
  }

  it("one replica indexes, both serve the same events", async () => {
    expect(leaders()).toHaveLength(1);
    const [leader] = leaders();
    const follower = replicas.find((r) => r !== leader)!;
    expect(follower.getLogs).toBe(0);

    const { owner, receipt } = await deposit(parseEther("0.25"));
    // The follower does not index; it sees the leader's rows through the shared head.
    expect(await follower.index.waitFor(receipt.blockNumber, 5000)).toBe(true);
    const query = { contract: "qETH", eventName: "Deposit", args: { owner } } as const;
    const [fromLeader, fromFollower] = await Promise.all([leader!.index.events(query), follower.index.events(query)]);
    expect(fromFollower).toEqual(fromLeader);
    expect(fromFollower.at(-1)).toMatchObject({
      blockNumber: receipt.blockNumber,
      args: { assets: parseEther("0.25").toString() },
    });
    expect(await follower.index.head()).toEqual(await leader!.index.head());
    expect(follower.getLogs).toBe(0);
    expect(leader!.getLogs).toBeGreaterThan(0);
  });

  it("the leader's lock connection ends: the other replica takes over within a few seconds and indexes on", async () => {
    const [leader] = leaders();
    const follower = replicas.find((r) => r !== leader)!;
    // The server ends the session holding the advisory lock, as when the leader's process dies.
    const ended = await onTestDatabase(dbName, async (c) => {
      const { rows } = await c.query(
        "select pg_terminate_backend(l.pid) as ok from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and l.granted and d.datname = $1",
        [dbName],
      );
      return rows.length;
    });
    expect(ended).toBe(1);

    const started = Date.now();
    expect(await until(() => follower.index.isLeader(), 5000)).toBe(true);
    const tookOverMs = Date.now() - started;
    expect(tookOverMs).toBeLessThan(5000);
    // The old leader's lock connection reported its end: it no longer counts itself the indexer.
    expect(await until(() => !leader!.index.isLeader(), 1000)).toBe(true);

    const before = follower.getLogs;
    const { owner, receipt } = await deposit(parseEther("0.5"));
    expect(await follower.index.waitFor(receipt.blockNumber, 5000)).toBe(true);
    expect(await leader!.index.waitFor(receipt.blockNumber, 5000)).toBe(true);
    expect(follower.getLogs).toBeGreaterThan(before);
    const mine = await leader!.index.events({
      contract: "qETH",
      eventName: "Deposit",
      args: { owner },
      order: "desc",
      limit: 1,
    });
    expect(mine[0]).toMatchObject({ blockNumber: receipt.blockNumber, args: { assets: parseEther("0.5").toString() } });
    expect(leaders()).toHaveLength(1);
    console.log(`index leadership handed over in ${tookOverMs} ms`);
  });
});
