import { Asset, Keypair, Networks, Operation, TransactionBuilder, type Account } from "@stellar/stellar-sdk";
import { http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Wallet } from "xrpl";
import { createEvmLedger } from "./evm";
import { MemoryNonceStore, SignerRoad } from "./signer/signer-road";
import { LedgerSelector } from "./selector";
import {
  createStellarLedger,
  resolveStellarServerKey,
  StellarLiveClient,
  StellarSimulatedClient,
  type StellarLedgerClient,
  type StellarSeen,
} from "./stellar";
import { startBlackHole } from "./testing/black-hole";
import { LedgerBusyError, LedgerRejectedError, LedgerUnreachableError, type ProbeResult } from "./types";
import {
  createXrplLedger,
  resolveXrplServerWallet,
  XrplLiveClient,
  XrplSimulatedClient,
  type XrplLedgerClient,
} from "./xrpl";

const DEV_KEY_0 = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;
const RECIPIENT = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;
const road = () => new SignerRoad(new MemoryNonceStore());
/** A plain XLM payment from the server account. */
const stellarPayment = (source: Account) =>
  new TransactionBuilder(source, { fee: "100", networkPassphrase: Networks.TESTNET })
    .addOperation(Operation.payment({ destination: Keypair.random().publicKey(), asset: Asset.native(), amount: "1" }))
    .setTimeout(30)
    .build();
const xrpPayment = { TransactionType: "Payment" as const, Destination: Wallet.generate().address, Amount: "1000000" };

interface Fake {
  name: "live" | "simulated";
}

/** A selector over fake clients whose probe and live op the test steers, counting every call. */
function fakeSelector(opts: {
  probeOk: boolean;
  reprobeIntervalMs?: number;
  liveOpTimeoutMs?: number;
  busyLimitMs?: number;
  /** Whether the endpoint accepts connections (the local node's check), steered by ctl.listening. */
  listening?: boolean;
  busyGraceMs?: number;
}) {
  const calls = { probe: 0, live: 0, simulated: 0, listening: 0 };
  const ctl = {
    probeOk: opts.probeOk,
    /** The probe never answers (a node busy with a queue of requests, or hung). */
    probeHangs: false,
    listening: opts.listening ?? false,
    liveOp: async (): Promise<object> => ({ ok: true }),
  };
  const live: Fake = { name: "live" };
  const simulated: Fake = { name: "simulated" };
  const selector = new LedgerSelector<Fake>({
    ledger: "stellar",
    network: "testnet",
    endpoint: "horizon.example:443",
    account: "GABC",
    live,
    simulated,
    probe: async (): Promise<ProbeResult> => {
      calls.probe++;
      if (ctl.probeHangs) return new Promise<never>(() => undefined);
      if (!ctl.probeOk) throw new LedgerUnreachableError("stellar", "horizon.example:443");
      return { latestBlock: 42 };
    },
    listening:
      opts.listening === undefined
        ? undefined
        : async () => {
            calls.listening++;
            if (!ctl.listening) throw new Error("ECONNREFUSED");
          },
    busyGraceMs: opts.busyGraceMs,
    reprobeIntervalMs: opts.reprobeIntervalMs ?? 60_000,
    liveOpTimeoutMs: opts.liveOpTimeoutMs,
    busyLimitMs: opts.busyLimitMs,
  });
  const run = () =>
    selector.run(async (c) => {
      if (c === live) {
        calls.live++;
        return ctl.liveOp();
      }
      calls.simulated++;
      return { ok: true };
    });
  return { selector, calls, ctl, run };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

describe("LedgerSelector with steered fakes", () => {
  it("goes live after a good probe and reports the probe in status", async () => {
    const { selector, run } = fakeSelector({ probeOk: true });
    await selector.start();
    selector.stop();
    expect(selector.status()).toMatchObject({
      mode: "live",
      reachable: true,
      reason: null,
      latestBlock: 42,
      endpoint: "horizon.example:443",
    });
    expect(selector.status().lastProbeAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await run()).toEqual({ ok: true, source: "live", reason: null });
  });

  it("after a live failure answers simulated and stops trying live until a probe succeeds", async () => {
    const { selector, calls, ctl, run } = fakeSelector({ probeOk: true, reprobeIntervalMs: 50 });
    await selector.start();
    ctl.probeOk = false;
    ctl.liveOp = async () => {
      throw new LedgerUnreachableError("stellar", "horizon.example:443");
    };
    expect(await run()).toEqual({ ok: true, source: "simulated", reason: "horizon.example:443 unreachable" });
    expect(calls).toMatchObject({ live: 1, simulated: 1 });
    expect(await run()).toMatchObject({ source: "simulated" });
    expect(calls).toMatchObject({ live: 1, simulated: 2 });
    expect(selector.status()).toMatchObject({
      mode: "simulated",
      reachable: false,
      reason: "horizon.example:443 unreachable",
    });

    ctl.liveOp = async () => ({ ok: true });
    ctl.probeOk = true;
    const probesBefore = calls.probe;
    await new Promise((r) => setTimeout(r, 150));
    selector.stop();
    expect(calls.probe).toBeGreaterThan(probesBefore);
    expect(selector.status()).toMatchObject({ mode: "live", reason: null });
    expect(await run()).toMatchObject({ source: "live" });
  });

  it("a hung live op on a ledger that stopped answering probes is simulated within 3 s", async () => {
    const { selector, ctl, run, calls } = fakeSelector({ probeOk: true });
    await selector.start();
    selector.stop();
    ctl.probeOk = false;
    ctl.liveOp = () => new Promise(() => undefined);
    const { value, ms } = await timed(run);
    expect(value).toMatchObject({ source: "simulated", reason: "horizon.example:443 unreachable" });
    expect(calls.probe).toBe(2);
    expect(ms).toBeLessThan(3000);
  });

  it("a slow live op on a ledger that answers probes stays live: load never turns live into simulated", async () => {
    const { selector, ctl, run, calls } = fakeSelector({ probeOk: true, liveOpTimeoutMs: 200 });
    await selector.start();
    selector.stop();
    ctl.liveOp = () => new Promise((r) => setTimeout(() => r({ ok: true }), 1200));
    const results = await Promise.all(Array.from({ length: 20 }, run));
    expect(results.every((r) => r.source === "live")).toBe(true);
    expect(calls.simulated).toBe(0);
    expect(selector.status().mode).toBe("live");
  });

  it("a probe that times out while the local node still accepts connections is busy: the slow op stays live", async () => {
    const { selector, ctl, run, calls } = fakeSelector({ probeOk: true, liveOpTimeoutMs: 200, listening: true });
    await selector.start();
    selector.stop();
    ctl.probeHangs = true;
    ctl.liveOp = () => new Promise((r) => setTimeout(() => r({ ok: true }), 1800));
    const { value, ms } = await timed(run);
    expect(value).toMatchObject({ source: "live" });
    expect(calls).toMatchObject({ simulated: 0, listening: 1 });
    expect(selector.status()).toMatchObject({ mode: "live", reason: null });
    expect(ms).toBeGreaterThanOrEqual(1700);
  });

  it("a probe that times out on a node that refuses connections is down: simulated within 3 s", async () => {
    const { selector, ctl, run, calls } = fakeSelector({ probeOk: true, liveOpTimeoutMs: 200, listening: false });
    await selector.start();
    selector.stop();
    ctl.probeHangs = true;
    ctl.liveOp = () => new Promise(() => undefined);
    const { value, ms } = await timed(run);
    expect(value).toMatchObject({ source: "simulated", reason: "horizon.example:443 unreachable" });
    expect(calls.listening).toBe(1);
    expect(ms).toBeLessThan(3000);
  });

  it("a node that accepts connections but answers no probe for the whole grace is hung: simulated, saying so", async () => {
    const { selector, ctl, run } = fakeSelector({
      probeOk: true,
      liveOpTimeoutMs: 100,
      busyLimitMs: 400,
      listening: true,
      busyGraceMs: 500,
    });
    await selector.start();
    selector.stop();
    ctl.probeHangs = true;
    ctl.liveOp = () => new Promise(() => undefined);
    await expect(run()).rejects.toBeInstanceOf(LedgerBusyError); // busy at first
    await new Promise((r) => setTimeout(r, 600));
    expect(await run()).toMatchObject({
      source: "simulated",
      reason: "horizon.example:443 accepts connections but has answered no probe for 1 s",
    });
    expect(selector.status().mode).toBe("simulated");
  });

  it("an op that cannot be sent within the busy limit is LedgerBusyError (503, Retry-After), never a simulated success", async () => {
    const { selector, ctl, run, calls } = fakeSelector({ probeOk: true, liveOpTimeoutMs: 100, busyLimitMs: 400 });
    await selector.start();
    selector.stop();
    ctl.liveOp = () => new Promise(() => undefined);
    const err = await run().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerBusyError);
    expect((err as LedgerBusyError).retryAfterSeconds).toBeGreaterThan(0);
    expect(calls.simulated).toBe(0);
    expect(selector.status().mode).toBe("live");
  });

  it("a network failure of one op on a ledger that answers probes is busy, not down", async () => {
    const { selector, ctl, run } = fakeSelector({ probeOk: true });
    await selector.start();
    selector.stop();
    ctl.liveOp = async () => {
      throw new LedgerUnreachableError("stellar", "horizon.example:443");
    };
    await expect(run()).rejects.toBeInstanceOf(LedgerBusyError);
    expect(selector.status().mode).toBe("live");
  });

  it("lets a rejection through and stays live", async () => {
    const { selector, ctl, run } = fakeSelector({ probeOk: true });
    await selector.start();
    selector.stop();
    ctl.liveOp = async () => {
      throw new LedgerRejectedError("stellar", "op_underfunded");
    };
    await expect(run()).rejects.toThrow("op_underfunded");
    expect(selector.status().mode).toBe("live");
    expect(() => selector.requireLive()).not.toThrow();
  });

  it("starts simulated when the first probe fails, and requireLive refuses", async () => {
    const { selector, calls, run } = fakeSelector({ probeOk: false });
    await selector.start();
    selector.stop();
    expect(await run()).toMatchObject({ source: "simulated", reason: "horizon.example:443 unreachable" });
    expect(calls.live).toBe(0);
    expect(() => selector.requireLive()).toThrow(LedgerUnreachableError);
  });
});

describe("real clients against a closed port (connection refused)", () => {
  it("Stellar: simulated with a reason, start + run under 3 s", async () => {
    const { value, ms } = await timed(async () => {
      const s = createStellarLedger({
        horizonUrl: "http://127.0.0.1:1",
        friendbotUrl: "http://127.0.0.1:1/friendbot",
        road: road(),
      });
      await s.start();
      s.stop();
      return { status: s.status(), result: await s.run((c, ctx) => c.submit(stellarPayment, ctx)) };
    });
    expect(value.status).toMatchObject({ mode: "simulated", reachable: false, reason: "127.0.0.1:1 unreachable" });
    expect(value.result).toMatchObject({ source: "simulated", reason: "127.0.0.1:1 unreachable" });
    expect(ms).toBeLessThan(3000);
  });

  it("XRPL: simulated with a reason, start + run under 3 s", async () => {
    const { value, ms } = await timed(async () => {
      const s = createXrplLedger({ wsUrl: "ws://127.0.0.1:1", road: road() });
      await s.start();
      s.stop();
      return { status: s.status(), result: await s.run((c, ctx) => c.submit(xrpPayment, ctx)) };
    });
    expect(value.status).toMatchObject({ mode: "simulated", reachable: false, reason: "127.0.0.1:1 unreachable" });
    expect(value.result).toMatchObject({ source: "simulated" });
    expect(ms).toBeLessThan(3000);
  });

  it("EVM: simulated with a reason, start + run under 3 s", async () => {
    const { value, ms } = await timed(async () => {
      const { selector } = createEvmLedger({
        network: "sepolia",
        chainId: 11155111,
        transport: http("http://127.0.0.1:1", { timeout: 2500, retryCount: 0 }),
        endpoint: "127.0.0.1:1",
        privateKey: DEV_KEY_0,
        explorerBaseUrl: "https://sepolia.etherscan.io",
        road: new SignerRoad(new MemoryNonceStore()),
      });
      await selector.start();
      selector.stop();
      return {
        status: selector.status(),
        result: await selector.run((c, ctx) =>
          c.write({ contract: "XQBMinter", functionName: "mint", args: [RECIPIENT], value: 10n ** 16n }, ctx),
        ),
      };
    });
    expect(value.status).toMatchObject({ mode: "simulated", reason: "127.0.0.1:1 unreachable" });
    expect(value.result).toMatchObject({ source: "simulated", receipt: null });
    expect(ms).toBeLessThan(3000);
  });
});

describe("real clients against a black hole (accepts, never answers)", () => {
  let hole: Awaited<ReturnType<typeof startBlackHole>>;
  let url = "";
  beforeAll(async () => {
    hole = await startBlackHole();
    url = `127.0.0.1:${hole.port}`;
  });
  afterAll(() => hole.close());

  it("Stellar probe gives up at the probe timeout; run answers simulated at once", async () => {
    const s = createStellarLedger({
      horizonUrl: `http://${url}`,
      friendbotUrl: `http://${url}/friendbot`,
      road: road(),
    });
    const start = await timed(() => s.start());
    s.stop();
    const run = await timed(() => s.run((c, ctx) => c.submit(stellarPayment, ctx)));
    expect(s.status()).toMatchObject({ mode: "simulated", reason: `${url} unreachable` });
    expect(run.value.source).toBe("simulated");
    expect(start.ms).toBeLessThan(3000);
    expect(run.ms).toBeLessThan(500);
  });

  it("XRPL probe gives up at the probe timeout", async () => {
    const s = createXrplLedger({ wsUrl: `ws://${url}`, road: road() });
    const start = await timed(() => s.start());
    s.stop();
    const run = await timed(() => s.run((c, ctx) => c.submit(xrpPayment, ctx)));
    expect(s.status()).toMatchObject({ mode: "simulated", reason: `${url} unreachable` });
    expect(run.value.source).toBe("simulated");
    expect(start.ms).toBeLessThan(3000);
  });

  it("EVM probe gives up at the probe timeout", async () => {
    const { selector } = createEvmLedger({
      network: "sepolia",
      chainId: 11155111,
      transport: http(`http://${url}`, { timeout: 2500, retryCount: 0 }),
      endpoint: url,
      privateKey: DEV_KEY_0,
      explorerBaseUrl: null,
      road: new SignerRoad(new MemoryNonceStore()),
    });
    const start = await timed(() => selector.start());
    selector.stop();
    expect(selector.status()).toMatchObject({ mode: "simulated", reason: `${url} unreachable` });
    expect(start.ms).toBeLessThan(3000);
  });

  // The network dies between a good probe and a request: the stalled live attempt makes the selector probe
  // again; that probe fails too, so the request is simulated, all within 3 s.
  it("Stellar live op hanging after a good probe falls back within 3 s", async () => {
    const server = resolveStellarServerKey();
    const seen: StellarSeen = new Map();
    const live = new StellarLiveClient(
      { horizonUrl: `http://${url}`, friendbotUrl: `http://${url}/fb`, endpoint: url },
      server,
      road(),
      seen,
    );
    let probes = 0;
    const s = new LedgerSelector<StellarLedgerClient>({
      ledger: "stellar",
      network: "testnet",
      endpoint: url,
      account: null,
      live,
      simulated: new StellarSimulatedClient(server, seen, url),
      // Good at start, then the real (hanging) probe.
      probe: (signal) => (probes++ === 0 ? Promise.resolve({ latestBlock: 1 }) : live.probe(signal)),
    });
    await s.start();
    s.stop();
    const run = await timed(() => s.run((c, ctx) => c.submit(stellarPayment, ctx)));
    expect(run.value).toMatchObject({ source: "simulated", reason: `${url} unreachable` });
    expect(run.ms).toBeLessThan(3000);
  });

  it("EVM live op hanging after a good probe falls back within 3 s", async () => {
    const { selector: s, node } = createEvmLedger({
      network: "hardhat",
      chainId: 31337,
      transport: http(`http://${url}`, { timeout: 2500, retryCount: 0 }),
      endpoint: url,
      privateKey: DEV_KEY_0,
      explorerBaseUrl: null,
      road: new SignerRoad(new MemoryNonceStore()),
    });
    // A good first probe (the node answered, with a deploy map for this chain), then the real one.
    const realProbe = node.probe.bind(node);
    let probes = 0;
    node.probe = () => (probes++ === 0 ? Promise.resolve({ latestBlock: 1, notLive: null }) : realProbe());
    await s.start();
    s.stop();
    const run = await timed(() =>
      s.run((c) =>
        c
          .read({ contract: "XQBMinter", functionName: "quote", args: [1n] })
          .then((q) => ({ q }))
          .catch((e: unknown) => ({ e })),
      ),
    );
    expect(s.status()).toMatchObject({ mode: "simulated", reason: `${url} unreachable` });
    expect(run.value.source).toBe("simulated");
    expect(run.ms).toBeLessThan(3000);
  });

  it("XRPL live op hanging after a good probe falls back within 3 s", async () => {
    const server = resolveXrplServerWallet();
    const seen = { sequence: null, validatedLedger: null };
    const live = new XrplLiveClient({ wsUrl: `ws://${url}`, endpoint: url }, server, road(), seen);
    let probes = 0;
    const s = new LedgerSelector<XrplLedgerClient>({
      ledger: "xrpl",
      network: "testnet",
      endpoint: url,
      account: null,
      live,
      simulated: new XrplSimulatedClient(server, seen),
      probe: () => (probes++ === 0 ? Promise.resolve({ latestBlock: 1 }) : live.probe()),
    });
    await s.start();
    s.stop();
    const run = await timed(() => s.run((c, ctx) => c.submit(xrpPayment, ctx)));
    await live.close();
    expect(run.value).toMatchObject({ source: "simulated", reason: `${url} unreachable` });
    expect(run.ms).toBeLessThan(3000);
  });
});
