// The shared head on Hardhat's in-process chain: concurrent callers share the head read and one computation
// per block; a block mined by anyone makes the next caller compute again; the process's own send moves it at
// once even when a recent head read would otherwise answer; a failed computation is not kept.
import hre from "hardhat";
import { custom, parseEther, type Address, type Transport } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { deploySuite } from "../../../../scripts/lib/deploy-suite";
import { MemoryNonceStore, SignerRoad } from "../signer/signer-road";
import type { BlockStamp } from "./chain";
import { HeadWatch } from "./head";
import { EvmLiveChain } from "./live";

const DEV_KEY_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
const RECIPIENT: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** The in-process chain, counting the latest-block reads that reach it. */
function countingTransport() {
  const counts = { latest: 0 };
  const provider = hre.network.provider;
  const transport = custom({
    request: async (args: { method: string; params?: unknown }) => {
      const params = args.params as unknown[] | undefined;
      if (args.method === "eth_getBlockByNumber" && params?.[0] === "latest") counts.latest++;
      return provider.request(args as never);
    },
  });
  return { transport: transport as Transport, counts };
}

function chain(headMaxAgeMs?: number) {
  const { transport, counts } = countingTransport();
  const node = new EvmLiveChain(
    {
      network: "hardhat",
      chainId: 31337,
      transport,
      endpoint: "in-process",
      privateKey: DEV_KEY_0,
      explorerBaseUrl: null,
      headMaxAgeMs,
    },
    new SignerRoad(new MemoryNonceStore()),
  );
  return { node, counts };
}

const mine = () => hre.network.provider.request({ method: "evm_mine", params: [] });

beforeAll(async () => {
  await deploySuite(hre);
});

describe("the head as of which values are computed", () => {
  it("computes once per block for many concurrent callers, with at most two reads of the head", async () => {
    const { node, counts } = chain();
    let computed = 0;
    const compute = async (head: BlockStamp) => {
      computed++;
      return node.read({ contract: "XQBToken", functionName: "totalSupply", blockNumber: head.number });
    };
    const answers = await Promise.all(Array.from({ length: 25 }, () => node.atHead("supply", compute)));
    expect(computed).toBe(1);
    expect(new Set(answers.map(String)).size).toBe(1);
    expect(counts.latest).toBeGreaterThanOrEqual(1);
    expect(counts.latest).toBeLessThanOrEqual(2);
    // Another key at the same head is its own computation.
    await node.atHead("other", async () => 1);
    expect(computed).toBe(1);
  });

  it("computes again when anyone mines a block, and answers the new block's value", async () => {
    const { node } = chain();
    const heads: bigint[] = [];
    const compute = async (head: BlockStamp) => {
      heads.push(head.number);
      return head.number;
    };
    const first = await node.atHead("n", compute);
    expect(await node.atHead("n", compute)).toBe(first);
    await mine();
    const second = await node.atHead("n", compute);
    expect(second).toBe(first + 1n);
    expect(heads).toEqual([first, first + 1n]);
  });

  it("shows the process's own send at once, even while a recent head read would answer", async () => {
    // A minute's tolerance: only this process's send can move the head before the next caller's read.
    const { node, counts } = chain(60_000);
    const supply = (head: BlockStamp) =>
      node.read({ contract: "XQBToken", functionName: "balanceOf", args: [RECIPIENT], blockNumber: head.number });
    const before = await node.atHead("balance", supply);
    const reads = counts.latest;
    expect(await node.atHead("balance", supply)).toBe(before);
    expect(counts.latest).toBe(reads);
    const sent = await node.write({
      contract: "XQBMinter",
      functionName: "mint",
      args: [RECIPIENT],
      value: parseEther("0.01"),
    });
    expect(sent.receipt?.status).toBe("success");
    const after = await node.atHead("balance", supply);
    expect(after).toBe(before + parseEther("30"));
    expect((await node.block()).number).toBe(sent.receipt!.blockNumber);
  });

  it("within maxAgeMs shares the last head read; past it, reads again", async () => {
    let now = 0;
    let reads = 0;
    const watch = new HeadWatch(
      async () => {
        reads++;
        return { number: BigInt(reads), hash: `0x${reads}` as `0x${string}`, timestamp: reads };
      },
      { maxAgeMs: 100, now: () => now },
    );
    expect((await watch.latest()).number).toBe(1n);
    now = 100;
    expect((await watch.latest()).number).toBe(1n);
    now = 101;
    expect((await watch.latest()).number).toBe(2n);
    // A block learnt from a receipt newer than the head known: read again at once.
    watch.seen(3n);
    expect((await watch.latest()).number).toBe(3n);
    watch.seen(2n);
    expect((await watch.latest()).number).toBe(3n);
  });

  it("does not keep a failed computation or a failed head read", async () => {
    const { node } = chain();
    await expect(node.atHead("flaky", async () => Promise.reject(new Error("node hiccup")))).rejects.toThrow(
      "node hiccup",
    );
    expect(await node.atHead("flaky", async () => "ok")).toBe("ok");

    let fail = true;
    const watch = new HeadWatch(async () => {
      if (fail) throw new Error("unreachable");
      return { number: 1n, hash: "0x1", timestamp: 1 };
    });
    await expect(watch.latest()).rejects.toThrow("unreachable");
    fail = false;
    expect((await watch.latest()).number).toBe(1n);
  });
});
