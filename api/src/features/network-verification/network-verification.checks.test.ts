// Each network's verdict against real endpoints without the internet: Hardhat's in-process chain with the suite
// deployed (over real JSON-RPC HTTP), the fake Horizon and fake rippled (right and wrong networks), a black hole
// that accepts connections and never answers, and the offline signed-transaction checks.
import hre from "hardhat";
import { Networks } from "@stellar/stellar-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBlackHole } from "../../ledgers/testing/black-hole";
import { startFakeHorizon, type FakeHorizon } from "../../ledgers/testing/fake-horizon";
import { startFakeRippled } from "../../ledgers/testing/fake-rippled";
import { workerSuite } from "../../testing/worker-chain";
import { verifyLocal, verifySepolia, verifyStellar, verifyXrpl } from "./network-verification.checks";
import { PROBE_TIMEOUT_MS, SEPOLIA_GENESIS_HASH } from "./network-verification.constants";
import { networkVerification, type NetworkVerification } from "./network-verification.schemas";
import { signEvm, signStellar, signXrpl } from "./network-verification.signing";
import { serveRpcOverHttp, type RpcOverHttp } from "./testing/rpc-over-http";

const o = { timeoutMs: PROBE_TIMEOUT_MS, now: Date.now };
const checkOf = (n: NetworkVerification, id: string) => n.checks.find((c) => c.id === id)!;
/** Every answer in the shape the route sends. */
const parsed = (n: NetworkVerification) => networkVerification.parse(n);

let rpc: RpcOverHttp;
let genesis: string;
beforeAll(async () => {
  await workerSuite(hre);
  rpc = await serveRpcOverHttp(hre.network.provider);
  const client = await hre.viem.getPublicClient();
  genesis = (await client.getBlock({ blockNumber: 0n })).hash.toLowerCase();
}, 120_000);
afterAll(() => rpc?.close());

describe("the local chain", () => {
  it("passes: chain id 31337, the recorded genesis, code at every address of the deploy map", async () => {
    const n = parsed(await verifyLocal({ rpcUrl: rpc.url, recordedGenesis: () => genesis }, o));
    expect(n.outcome, n.summary).toBe("pass");
    expect(checkOf(n, "chain-id")).toMatchObject({ expected: "31337", actual: "31337", outcome: "pass" });
    expect(checkOf(n, "genesis-hash")).toMatchObject({ expected: genesis, actual: genesis, outcome: "pass" });
    const code = checkOf(n, "contract-code");
    expect(code.outcome, code.note ?? "").toBe("pass");
    expect(code.source).toContain("contracts/generated/31337.ts");
    const { deployment } = await import("../../../../contracts/generated/31337");
    expect(n.contracts!.map((c) => c.address)).toEqual(Object.values(deployment).map((c) => c.address));
    expect(n.contracts!.every((c) => c.hasCode === true && !c.external)).toBe(true);
    expect(code.actual).toBe(`${n.contracts!.length} of ${n.contracts!.length} have code`);

    const head = await (await hre.viem.getPublicClient()).getBlock({ blockTag: "latest" });
    expect(n.latest).toMatchObject({ kind: "block", number: head.number.toString() });
    expect(Date.parse(n.latest!.closedAt!)).toBe(Number(head.timestamp) * 1000);
    expect(n.clockSkew!.seconds).toBe(-n.latest!.ageSeconds!);
    expect(n.clockSkew!.basis).toContain("block time vs our clock");
    expect(n.latencyMs).toBeGreaterThan(0);
    expect(n.endpoint).toBe(new URL(rpc.url).host);
    expect(n.signedTransaction).toMatchObject({ outcome: "pass", submitted: false });
    expect(rpc.calls).toContain("eth_chainId");
  });

  it("fails when the chain's genesis is not the one the API recorded (another chain run)", async () => {
    const other = `0x${"ab".repeat(32)}`;
    const n = parsed(await verifyLocal({ rpcUrl: rpc.url, recordedGenesis: () => other }, o));
    expect(n.outcome).toBe("fail");
    expect(checkOf(n, "genesis-hash")).toMatchObject({ expected: other, actual: genesis, outcome: "fail" });
    expect(checkOf(n, "chain-id").outcome).toBe("pass");
  });

  it("with nothing recorded yet, a live genesis is not a pass", async () => {
    const n = parsed(await verifyLocal({ rpcUrl: rpc.url, recordedGenesis: () => null }, o));
    expect(checkOf(n, "genesis-hash")).toMatchObject({ actual: genesis, outcome: "fail" });
    expect(checkOf(n, "genesis-hash").note).toContain("no recorded genesis");
  });
});

describe("Stellar testnet", () => {
  let horizon: FakeHorizon;
  beforeAll(async () => {
    horizon = await startFakeHorizon({ ledger: 4242 });
  });
  afterAll(() => horizon?.close());

  it("passes when Horizon's root names the testnet passphrase; the latest ledger and its close time come with it", async () => {
    horizon.rootPassphrase = Networks.TESTNET;
    const n = parsed(await verifyStellar(horizon.url, o));
    expect(n.outcome).toBe("pass");
    expect(checkOf(n, "network-passphrase")).toMatchObject({
      expected: "Test SDF Network ; September 2015",
      actual: "Test SDF Network ; September 2015",
      outcome: "pass",
    });
    expect(n.latest).toMatchObject({ kind: "ledger", number: "4242" });
    expect(Math.abs(n.latest!.ageSeconds!)).toBeLessThanOrEqual(2);
    expect(horizon.requests.some((r) => r.method === "GET" && r.path === "/")).toBe(true);
  });

  it("fails on a wrong passphrase, showing the one read", async () => {
    horizon.rootPassphrase = Networks.PUBLIC;
    const n = parsed(await verifyStellar(horizon.url, o));
    horizon.rootPassphrase = Networks.TESTNET;
    expect(n.outcome).toBe("fail");
    expect(checkOf(n, "network-passphrase")).toMatchObject({ actual: Networks.PUBLIC, outcome: "fail" });
    expect(checkOf(n, "network-passphrase").note).toContain("not that network");
  });
});

describe("XRPL testnet", () => {
  it("passes on network id 1, with the validated ledger and its close time", async () => {
    const rippled = await startFakeRippled({ validatedLedger: 777 });
    try {
      const n = parsed(await verifyXrpl(rippled.url, o));
      expect(n.outcome).toBe("pass");
      expect(checkOf(n, "network-id")).toMatchObject({ expected: "1", actual: "1", outcome: "pass" });
      expect(n.latest).toMatchObject({ kind: "ledger", number: "777" });
      expect(Math.abs(n.latest!.ageSeconds!)).toBeLessThanOrEqual(2);
      expect(rippled.commands()).toEqual(expect.arrayContaining(["server_info", "ledger"]));
      // The probe's connection is closed once it answered.
      expect(await rippled.idle()).toBe(true);
    } finally {
      await rippled.close();
    }
  });

  it("fails on a wrong network id (mainnet's 0)", async () => {
    const rippled = await startFakeRippled({ networkId: 0 });
    try {
      const n = parsed(await verifyXrpl(rippled.url, o));
      expect(n.outcome).toBe("fail");
      expect(checkOf(n, "network-id")).toMatchObject({ expected: "1", actual: "0", outcome: "fail" });
    } finally {
      await rippled.close();
    }
  });
});

describe("an endpoint that never answers", () => {
  it("is not reachable within the 3 s bound, for every kind of probe at once, with the expected constants shown", async () => {
    const hole = await startBlackHole();
    try {
      const started = performance.now();
      const [stellar, xrpl, sepolia] = await Promise.all([
        verifyStellar(`http://127.0.0.1:${hole.port}`, o),
        verifyXrpl(`ws://127.0.0.1:${hole.port}`, o),
        verifySepolia(`http://127.0.0.1:${hole.port}`, o),
      ]);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(PROBE_TIMEOUT_MS + 750);
      for (const n of [stellar, xrpl, sepolia].map(parsed)) {
        expect(n.outcome, n.id).toBe("not-reachable");
        expect(n.latencyMs, n.id).toBeNull();
        expect(n.latest, n.id).toBeNull();
        for (const c of n.checks) {
          expect(c, `${n.id} ${c.id}`).toMatchObject({ actual: null, outcome: "not-reachable" });
          expect(c.note, `${n.id} ${c.id}`).toContain("no answer within 3 s");
        }
        // Offline, the signature check still runs.
        expect(n.signedTransaction.outcome, n.id).toBe("pass");
      }
      expect(checkOf(sepolia, "genesis-hash").expected).toBe(SEPOLIA_GENESIS_HASH.value);
      expect(checkOf(stellar, "network-passphrase").expected).toBe(Networks.TESTNET);
    } finally {
      await hole.close();
    }
  });

  it("a closed port answers not reachable at once, saying the connection was refused", async () => {
    const started = performance.now();
    const n = parsed(await verifyXrpl("ws://127.0.0.1:1", o));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(n.outcome).toBe("not-reachable");
    expect(checkOf(n, "network-id").note).toBe("connection refused");
  });
});

describe("Sepolia without an RPC URL", () => {
  it("is not configured: nothing asked, the expected constants shown", async () => {
    const n = parsed(await verifySepolia(null, o));
    expect(n.outcome).toBe("not-configured");
    expect(n.endpoint).toBeNull();
    expect(n.checks.map((c) => [c.id, c.expected, c.actual, c.outcome])).toEqual([
      ["chain-id", "11155111", null, "not-configured"],
      ["genesis-hash", SEPOLIA_GENESIS_HASH.value, null, "not-configured"],
    ]);
  });
});

describe("the signed-transaction checks (no network)", () => {
  it("each library signs for its network with a throwaway key and verifies it itself; nothing is submitted", async () => {
    const checks = await Promise.all([signEvm(31337), signEvm(11_155_111), signStellar(Networks.TESTNET), signXrpl(1)]);
    for (const c of checks) {
      expect(c, c.library.name).toMatchObject({ outcome: "pass", submitted: false });
      expect(c.note).toContain("never submitted");
      expect(c.library.version).toMatch(/^\d+\.\d+/);
    }
    expect(checks[0]!.builtFor).toContain("chain id 31337");
    expect(checks[1]!.builtFor).toContain("chain id 11155111");
    expect(checks[2]!.builtFor).toContain(Networks.TESTNET);
    expect(checks[3]!.builtFor).toContain("no NetworkID field");
    expect(checks[0]!.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(checks[2]!.transactionHash).toMatch(/^[0-9a-f]{64}$/);
    expect(checks[3]!.transactionHash).toMatch(/^[0-9A-F]{64}$/);
    // A fresh key every time.
    expect((await signEvm(31337)).signer).not.toBe(checks[0]!.signer);
  });
});
