import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { chainChangesContract, type ChainChangeEvent } from "./contract";
import { listenToChainChanges } from "./listener";
import { freshFromChain } from "./reads";
import { chainStream, resetChainStreamForTests } from "./stream-state";

/** EventSource as the listener uses it: events named "chain", onerror, readyState. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  readyState = 1;
  onerror: ((ev: Event) => unknown) | null = null;
  closed = false;
  private handlers: ((e: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(_name: string, fn: (e: MessageEvent<string>) => void) {
    this.handlers.push(fn);
  }
  close() {
    this.closed = true;
  }
  emit(e: Partial<ChainChangeEvent>) {
    const data: ChainChangeEvent = {
      kind: "change",
      chainId: 31337,
      chainInstance: "0xrun1",
      fromBlock: "10",
      toBlock: "10",
      timestamp: 1_800_000_000,
      contracts: [],
      accounts: [],
      ...e,
    };
    for (const h of this.handlers) h(new MessageEvent("chain", { data: JSON.stringify(data) }));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event("error"));
  }
}

const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/** A cache holding one fetched query per key, each counting its fetches; observed so invalidation refetches it. */
async function cacheWith(queries: Record<string, ReturnType<typeof freshFromChain>["meta"] | undefined>) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const fetches: Record<string, number> = {};
  const unsubscribe: (() => void)[] = [];
  for (const [key, meta] of Object.entries(queries)) {
    fetches[key] = 0;
    const observer = new QueryObserver(client, {
      queryKey: [key],
      queryFn: () => ++fetches[key]!,
      meta,
    });
    unsubscribe.push(observer.subscribe(() => {}));
  }
  await Promise.all(Object.keys(queries).map((k) => client.fetchQuery({ queryKey: [k] })));
  for (const k of Object.keys(fetches)) fetches[k] = 0;
  return { client, fetches, stop: () => unsubscribe.forEach((u) => u()) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  resetChainStreamForTests();
  FakeEventSource.last = null;
});

describe("listenToChainChanges", () => {
  it("refreshes exactly the reads a change touches: by contract, by account, every block, and wagmi's own reads", async () => {
    const { client, fetches, stop } = await cacheWith({
      vault: freshFromChain({ contracts: ["TreasuryVault"] }, 30_000).meta,
      aliceStakes: freshFromChain({ contracts: ["qETH"], account: ALICE }, 15_000).meta,
      bobStakes: freshFromChain({ contracts: ["qETH"], account: BOB }, 15_000).meta,
      clock: freshFromChain({ everyBlock: true }, 30_000).meta,
      balance: undefined,
      offChain: undefined,
    });
    const off = listenToChainChanges(client, {
      createEventSource: (url) => new FakeEventSource(url),
      minRefreshGapMs: 0,
    });
    const es = FakeEventSource.last!;
    expect(es.url).toBe(chainChangesContract.changes.path);

    es.emit({ kind: "head", toBlock: "9", fromBlock: "9" });
    await settle();
    expect(chainStream.connected()).toBe(true);
    // The first opening refreshes nothing: the page's reads were just made.
    expect(Object.values(fetches).every((n) => n === 0)).toBe(true);

    es.emit({ fromBlock: "10", toBlock: "10", contracts: ["qETH"], accounts: [ALICE.toLowerCase()] });
    await settle();
    expect(fetches).toEqual({ vault: 0, aliceStakes: 1, bobStakes: 0, clock: 1, balance: 1, offChain: 0 });

    // Too many accounts to list (null): every read of the contract, whoever it is for.
    es.emit({ fromBlock: "11", toBlock: "11", contracts: ["qETH", "TreasuryVault"], accounts: null });
    await settle();
    expect(fetches).toEqual({ vault: 1, aliceStakes: 2, bobStakes: 1, clock: 2, balance: 2, offChain: 0 });

    // A reset (a restarted chain): every chain read, and nothing else.
    es.emit({ kind: "reset", chainInstance: "0xrun2", fromBlock: "3", toBlock: "3", accounts: null });
    await settle();
    expect(fetches).toEqual({ vault: 2, aliceStakes: 3, bobStakes: 2, clock: 3, balance: 3, offChain: 0 });
    expect(chainStream.head()).toEqual({ chainId: 31337, chainInstance: "0xrun2", block: 3n });

    off();
    expect(es.closed).toBe(true);
    stop();
  });

  it("polls while the stream is down, stops polling when it is back, and reads everything again after missed blocks", async () => {
    const reads = freshFromChain({ contracts: ["LeverageRouter"] }, 15_000);
    const { client, fetches, stop } = await cacheWith({ positions: reads.meta });
    listenToChainChanges(client, { createEventSource: (url) => new FakeEventSource(url), minRefreshGapMs: 0 });
    const es = FakeEventSource.last!;
    expect(reads.refetchInterval()).toBe(15_000);
    es.emit({ kind: "head", toBlock: "20" });
    expect(reads.refetchInterval()).toBe(false);

    // EventSource lost the connection and tries again (CONNECTING): the reads poll meanwhile, refreshed once now.
    es.fail(0);
    await settle();
    expect(chainStream.connected()).toBe(false);
    expect(reads.refetchInterval()).toBe(15_000);
    expect(fetches.positions).toBe(1);

    // Back, with the index further on: what moved meanwhile is unknown, so it is read again.
    es.emit({ kind: "head", fromBlock: "25", toBlock: "25" });
    await settle();
    expect(reads.refetchInterval()).toBe(false);
    expect(fetches.positions).toBe(2);
    // Back where it left: nothing to read again.
    es.fail(0);
    await settle();
    es.emit({ kind: "head", fromBlock: "25", toBlock: "25" });
    await settle();
    expect(fetches.positions).toBe(3);
    stop();
  });

  it("after the server refused the stream (CLOSED), tries again later with a new EventSource", async () => {
    const client = new QueryClient();
    const made: FakeEventSource[] = [];
    const off = listenToChainChanges(client, {
      createEventSource: (url) => {
        const es = new FakeEventSource(url);
        made.push(es);
        return es;
      },
      retryAfterRefusalMs: 10,
    });
    made[0]!.fail(2);
    await expect.poll(() => made.length).toBe(2);
    off();
    expect(made[1]!.closed).toBe(true);
  });
});

describe("a busy chain", () => {
  it("refreshes at most once per gap: the first change at once, the rest of the gap's changes together after it", async () => {
    const { client, fetches, stop } = await cacheWith({
      vault: freshFromChain({ contracts: ["TreasuryVault"] }, 30_000).meta,
      pool: freshFromChain({ contracts: ["qETH"] }, 30_000).meta,
    });
    const off = listenToChainChanges(client, {
      createEventSource: (url) => new FakeEventSource(url),
      minRefreshGapMs: 200,
    });
    const es = FakeEventSource.last!;
    es.emit({ kind: "head", toBlock: "9" });
    es.emit({ fromBlock: "10", toBlock: "10", contracts: ["qETH"] });
    await settle();
    expect(fetches).toEqual({ vault: 0, pool: 1 });
    for (const n of [11, 12, 13]) es.emit({ fromBlock: `${n}`, toBlock: `${n}`, contracts: ["qETH"] });
    es.emit({ fromBlock: "14", toBlock: "14", contracts: ["TreasuryVault"] });
    await settle();
    expect(fetches).toEqual({ vault: 0, pool: 1 });
    await expect.poll(() => fetches).toEqual({ vault: 1, pool: 2 });
    off();
    stop();
  });
});

describe("chainStream.waitForIndexed", () => {
  it("resolves once the index holds the block, at once when it already does, and false when the stream is down or on another chain", async () => {
    const client = new QueryClient();
    listenToChainChanges(client, { createEventSource: (url) => new FakeEventSource(url), minRefreshGapMs: 0 });
    const es = FakeEventSource.last!;
    expect(await chainStream.waitForIndexed(31337, 5n)).toBe(false);
    es.emit({ kind: "head", toBlock: "5" });
    expect(await chainStream.waitForIndexed(31337, 5n)).toBe(true);
    expect(await chainStream.waitForIndexed(11155111, 5n)).toBe(false);
    const waiting = chainStream.waitForIndexed(31337, 7n);
    es.emit({ fromBlock: "6", toBlock: "6" });
    es.emit({ fromBlock: "7", toBlock: "7" });
    expect(await waiting).toBe(true);
    expect(await chainStream.waitForIndexed(31337, 9n, 20)).toBe(false);
    const lost = chainStream.waitForIndexed(31337, 10n);
    es.fail(0);
    expect(await lost).toBe(false);
  });
});
