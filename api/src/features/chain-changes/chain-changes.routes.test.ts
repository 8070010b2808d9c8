// GET /api/chain/changes against the real app: Hardhat's in-process chain with the suite deployed, the event index
// on PGlite, and a real socket (EventSource's road: a long-lived response read as it arrives).
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import hre from "hardhat";
import { getAddress, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { createChainChangesRouter } from "./chain-changes.routes";
import { chainChangeEvent, type ChainChangeEvent } from "./chain-changes.schemas";

let t: TestApp;
let server: Server;
let base: string;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  server = t.app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await t?.close();
});

/** An open stream: its events as they arrive (parsed with the contract's schema), and its status and headers. */
async function openStream(path = "/api/chain/changes") {
  const abort = new AbortController();
  const res = await fetch(`${base}${path}`, { signal: abort.signal, headers: { accept: "text/event-stream" } });
  const events: (ChainChangeEvent & { id?: string })[] = [];
  const raw: string[] = [];
  let wake: () => void = () => {};
  if (res.ok)
    void (async () => {
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            raw.push(block);
            const fields = Object.fromEntries(
              block
                .split("\n")
                .flatMap((l) => (l.startsWith(":") ? [] : [[l.split(": ")[0], l.slice(l.indexOf(": ") + 2)]])),
            ) as Record<string, string>;
            if (fields.event === "chain")
              events.push({ ...chainChangeEvent.parse(JSON.parse(fields.data!)), id: fields.id });
            wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  const next = async (match: (e: ChainChangeEvent) => boolean, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > until) throw new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, 100);
      });
    }
  };
  return { res, events, raw, next, close: () => abort.abort() };
}

describe("GET /api/chain/changes", () => {
  it("opens with the index's head, then names the contract and the accounts of a deposit once the index holds its block", async () => {
    const stream = await openStream();
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(stream.res.headers.get("cache-control")).toBe("no-store, no-transform");
      const head = await stream.next((e) => e.kind === "head");
      const indexed = (await t.deps.evm.index.head())!;
      expect(head).toMatchObject({
        chainId: 31337,
        chainInstance: indexed.chainInstance,
        toBlock: indexed.lastIndexedBlock.toString(),
        contracts: [],
      });
      expect(head.id).toBe(`${indexed.chainInstance}:${indexed.lastIndexedBlock}`);
      expect(stream.raw[0]).toBe("retry: 3000");

      const [wallet] = await hre.viem.getWalletClients();
      const qeth = await hre.viem.getContractAt("LiquidStakingPool", t.deployment!.qETH!.address, {
        client: { wallet: wallet! },
      });
      const hash = await qeth.write.depositEth([wallet!.account.address], { value: parseEther("0.01") });
      const receipt = await (await hre.viem.getPublicClient()).waitForTransactionReceipt({ hash });
      const change = await stream.next((e) => e.kind === "change" && BigInt(e.toBlock) >= receipt.blockNumber);
      expect(BigInt(change.fromBlock)).toBeLessThanOrEqual(receipt.blockNumber);
      expect(change.contracts).toContain("qETH");
      expect(change.accounts).toContain(getAddress(wallet!.account.address));
      // The index already holds the block when the event arrives: a read right after it sees the deposit.
      expect((await t.deps.evm.index.head())!.lastIndexedBlock).toBeGreaterThanOrEqual(receipt.blockNumber);
      const [deposit] = await t.deps.evm.index.events({
        contract: "qETH",
        fromBlock: receipt.blockNumber,
        toBlock: receipt.blockNumber,
      });
      expect(deposit?.transactionHash).toBe(hash);
    } finally {
      stream.close();
    }
  });

  it("a block without events of ours is a change naming no contract (balances and chain time still move)", async () => {
    const stream = await openStream();
    try {
      await stream.next((e) => e.kind === "head");
      await hre.network.provider.request({ method: "evm_mine", params: [] });
      const mined = await (await hre.viem.getPublicClient()).getBlockNumber();
      const change = await stream.next((e) => e.kind === "change" && BigInt(e.toBlock) >= mined);
      expect(change).toMatchObject({ contracts: [], accounts: [] });
    } finally {
      stream.close();
    }
  });

  it("a head that goes back (the chain reverted under the index) is a reset", async () => {
    const provider = hre.network.provider;
    const snap = (await provider.request({ method: "evm_snapshot", params: [] })) as string;
    await provider.request({ method: "evm_mine", params: [] });
    await provider.request({ method: "evm_mine", params: [] });
    const stream = await openStream();
    try {
      const head = await stream.next((e) => e.kind === "head");
      // Wait for the index to hold both mined blocks before going back under it.
      const mined = await (await hre.viem.getPublicClient()).getBlockNumber();
      if (BigInt(head.toBlock) < mined) await stream.next((e) => e.kind === "change" && BigInt(e.toBlock) >= mined);
      await provider.request({ method: "evm_revert", params: [snap] });
      // A new block at a height the index already holds under another hash: a reorg the index rolls back.
      await provider.request({ method: "evm_mine", params: [] });
      const reset = await stream.next((e) => e.kind === "reset", 15_000);
      expect(reset).toMatchObject({ contracts: [], accounts: null });
    } finally {
      stream.close();
    }
  });

  it("bounds the streams per address: past the limit a 429 in the one error shape, and a closed stream frees its place", async () => {
    const limited = createChainChangesRouter({
      chainId: 31337,
      changes: { head: async () => null, subscribe: () => () => {} },
      limits: { perAddress: 2, total: 3 },
    });
    const express = (await import("express")).default;
    const { mountRoutes } = await import("../../http/route");
    const { errorHandler } = await import("../../http/error-handler");
    const app = express().use(mountRoutes(limited.routes)).use(errorHandler);
    const s = app.listen(0, "127.0.0.1");
    await new Promise((r) => s.once("listening", r));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}/api/chain/changes`;
    const opened: AbortController[] = [];
    const open = async () => {
      const a = new AbortController();
      opened.push(a);
      return fetch(url, { signal: a.signal });
    };
    try {
      expect((await open()).status).toBe(200);
      expect((await open()).status).toBe(200);
      const third = await open();
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ code: "RATE_LIMITED", retryAfterSeconds: 30 });
      expect(limited.exports.open()).toBe(2);
      opened[0]!.abort();
      await expect.poll(() => limited.exports.open()).toBe(1);
      expect((await open()).status).toBe(200);
    } finally {
      for (const a of opened) a.abort();
      s.closeAllConnections();
      await new Promise((r) => s.close(r));
    }
  });
});
