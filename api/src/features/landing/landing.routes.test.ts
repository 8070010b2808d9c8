// GET /api/landing/summary against the real app: Hardhat's in-process chain with the suite deployed, PGlite in memory,
// the government publishers, Stellar and XRPL at closed ports (as CI runs). Each figure is traced to its source, read
// again here by another road: the vault with viem, the coin layer and the bonds over their own routes, the government
// source and the ledgers' status through the app's deps. Then the cache (a crowd costs one computation) and the time
// bounds (a slow or failing part answers with its reason and the call still answers).
import hre from "hardhat";
import request from "supertest";
import { formatUnits, type Address } from "viem";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { vibeEnvironmentalMints } from "../../db/schema";
import { abiOf } from "../../ledgers/evm/contracts";
import { noteProcessWrite } from "../../shared/process-writes";
import { SERIES_KEYS } from "../../sources/government/catalogue";
import { startTestApp, type TestApp } from "../../testing/harness";
import { cryptocurrencyContract } from "../cryptocurrency/cryptocurrency.contract";
import { supportedResponse } from "../cryptocurrency/cryptocurrency.schemas";
import { treasuryStakingContract } from "../treasury-staking/treasury-staking.contract";
import { treasuryBondsResponse } from "../treasury-staking/treasury-staking.schemas";
import { BLOCK_IDS, SUMMARY_CACHE_MS } from "./landing.constants";
import { landingContract } from "./landing.contract";
import { landingSummaryResponse, type LandingSummaryResponse } from "./landing.schemas";
import { createLandingService } from "./landing.service";
import type { LandingDeps } from "./landing.sources";

const PATH = landingContract.summary.path;
const MINT_AT = new Date("2025-01-02T03:04:05.000Z");

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  // One environmental VIBE mint on record, so the block's count and time have something to trace.
  await t.deps.database.db.insert(vibeEnvironmentalMints).values({
    recipient: "0x0000000000000000000000000000000000000001",
    amount: "5",
    project: "reforestation",
    transactionHash: `0x${"ab".repeat(32)}`,
    source: "simulated",
    reason: "test row",
    chainId: 31337,
    chainInstance: null,
    caller: null,
    at: MINT_AT,
  });
}, 120_000);
afterAll(() => t?.close());

const summary = async (): Promise<LandingSummaryResponse> =>
  landingSummaryResponse.parse((await request(t.app).get(PATH).expect(200)).body);

describe("GET /api/landing/summary: every figure traced to its source", () => {
  let s: LandingSummaryResponse;
  beforeAll(async () => {
    // The coin layer's first use loads its signing libraries (about 3 s, longer than a part's bound): the running API
    // warms it up after listening (cryptocurrency's warmUp), so warm it here too.
    await request(t.app).get(cryptocurrencyContract.supported.path).expect(200);
    s = await summary();
  }, 30_000);

  it("government APIs: the series answering, by live or snapshot, as the government source counts them", async () => {
    const answers = await t.deps.government.figures(SERIES_KEYS);
    const withValue = SERIES_KEYS.filter((k) => answers[k].figure !== null);
    const live = withValue.filter((k) => answers[k].figure!.source === "live").length;
    const card = s.stats.government;
    expect(card.state).toBe("fresh");
    expect(card.figures).toMatchObject({
      answering: withValue.length,
      total: SERIES_KEYS.length,
      live,
      snapshot: withValue.length - live,
    });
    // Offline: every publisher is closed or keyless, so every figure is the bundled snapshot, and it says so.
    expect(card.figures!.live).toBe(0);
    expect(card.value).toBe(
      `${withValue.length} of ${SERIES_KEYS.length} series answering: ${live} live, ${withValue.length - live} snapshot`,
    );
    expect(card.figures!.publishers.map((p) => [p.name, p.live])).toEqual(
      t.deps.government.sources().map((p) => [p.name, p.live]),
    );
    expect(card.how).toContain("live disabled: no key (FRED_API_KEY unset)");
    expect(card.how).toMatch(/0 read live from the publisher, \d+ from the bundled official snapshot/);
  });

  it("multi-chain and the named networks: the coin layer's networks by level, plus Sepolia, never all operational", async () => {
    const layer = supportedResponse.parse(
      (await request(t.app).get(cryptocurrencyContract.supported.path).expect(200)).body,
    );
    const capital = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
    const named = new Set(
      layer.cryptocurrencies.map((c) =>
        capital(c.testnet.name === "none" ? `${c.name} (no testnet here)` : c.testnet.name),
      ),
    );
    const list = s.networks.list;
    expect(s.networks.state).toBe("fresh");
    expect(list.map((n) => n.name).sort()).toEqual([...named, "Ethereum Sepolia"].sort());
    // Every coin is on exactly one listed network, at a level one of its coins has.
    expect(list.flatMap((n) => n.coins).sort()).toEqual(layer.cryptocurrencies.map((c) => c.symbol).sort());
    for (const n of list.filter((x) => x.coins.length > 0)) {
      const levels = layer.cryptocurrencies.filter((c) => n.coins.includes(c.symbol)).map((c) => c.level);
      expect(levels, n.name).toContain(n.status);
    }
    const local = list.find((n) => n.name === "The local Hardhat chain")!;
    expect(local).toMatchObject({ status: "live", networkId: "31337" });
    expect(local.coins.sort()).toEqual(["ETH", "USDC", "VIBE", "XQB", "XQBUSD"]);
    // Stellar and XRPL are at closed ports here: not live.
    expect(list.find((n) => n.name === "Stellar testnet")!.status).not.toBe("live");
    expect(list.find((n) => n.name === "Ethereum Sepolia")).toMatchObject({ status: "not-configured", coins: [] });
    expect(new Set(list.map((n) => n.status)).size).toBeGreaterThan(1);

    const fromCoins = list.filter((n) => n.coins.length > 0);
    const count = (st: string) => fromCoins.filter((n) => n.status === st).length;
    expect(s.stats.multiChain.figures).toEqual({
      networks: named.size,
      live: count("live"),
      signedOffline: count("signed-offline"),
      displayOnly: count("display-only"),
      unavailable: count("unavailable"),
      coins: layer.cryptocurrencies.length,
    });
    expect(s.stats.multiChain.value).toContain(`${named.size} networks: ${count("live")} live`);
  });

  it("quantum security: active because the attestation key signed and verified a fresh message and no stored file fails", () => {
    const q = s.stats.quantum;
    expect(q.value).toBe("Active");
    expect(q.figures!.active).toBe(true);
    expect(q.figures!.attestation).toMatchObject({
      algorithm: "ML-DSA-65",
      publicKeyId: t.deps.attestor.publicKeyId,
      signsNow: true,
      error: null,
    });
    // A fresh isolator: nothing stored, so nothing fails.
    expect(q.figures!.isolator).toMatchObject({ files: 0, failed: 0 });
    expect(q.how).toContain("the isolator holds no file yet");
  });

  it("RWA: the vault's collateral and ratio, read live from the chain at a block", async () => {
    const pc = await hre.viem.getPublicClient();
    const vault = t.deployment!.TreasuryVault!.address as Address;
    const xqbusd = t.deployment!.XQBUSD!.address as Address;
    const r = s.stats.rwa.figures!;
    const blockNumber = BigInt(r.blockNumber);
    const read = (address: Address, name: "TreasuryVault" | "XQBUSD", functionName: string) =>
      pc.readContract({
        address,
        abi: abiOf(name) as never,
        functionName: functionName as never,
        blockNumber,
      }) as Promise<bigint>;
    const value = await read(vault, "TreasuryVault", "totalCollateralValue");
    const supply = await read(xqbusd, "XQBUSD", "totalSupply");
    expect(r).toMatchObject({
      source: "live",
      vault,
      collateralUsd: formatUnits(value, 18),
      xqbusdSupply: formatUnits(supply, 18),
      usdcCollateral: formatUnits(await read(vault, "TreasuryVault", "totalUsdcCollateral"), 6),
      ethCollateral: formatUnits(await read(vault, "TreasuryVault", "totalEthCollateral"), 18),
      priceProblem: null,
    });
    expect(supply).toBeGreaterThan(0n);
    expect(r.ratioPercent).toBe(Number((value * 10_000n) / supply) / 100);
    expect(blockNumber).toBeLessThanOrEqual(await pc.getBlockNumber());
    expect(s.stats.rwa.value).toContain(`ratio ${r.ratioPercent}%`);
    expect(s.stats.rwa.how).toContain(`at block ${blockNumber}`);
  });

  it("the six blocks, in the spec's order, each with one figure from its source", async () => {
    expect(s.blocks.map((b) => b.id)).toEqual([...BLOCK_IDS]);
    const by = Object.fromEntries(s.blocks.map((b) => [b.id, b]));
    for (const b of s.blocks) expect(b.state, b.id).toBe("fresh");

    const debt = (await t.deps.government.figures(["publicDebt"])).publicDebt.figure!;
    expect(by["government-apis"]!.figure).toMatchObject({
      value: String(debt.value),
      unit: "USD",
      source: "snapshot",
      asOf: debt.asOf,
    });

    expect(by["quantum-cryptography"]!.figure).toMatchObject({ value: "0", unit: "of 0 files", source: "records" });

    // No comprehensive security run stored yet: no value, and the figure says what would make one.
    expect(by["security-compliance"]!.figure).toMatchObject({ value: null, asOf: null });
    expect(by["security-compliance"]!.figure!.note).toContain("No comprehensive run stored yet");

    const bonds = treasuryBondsResponse.parse(
      (await request(t.app).get(treasuryStakingContract.bonds.path).expect(200)).body,
    );
    expect(by["treasury-services"]!.figure).toMatchObject({
      value: String(bonds.bonds.find((b) => b.id === "10_yr")!.currentYield),
      unit: "%",
      source: bonds.source,
      asOf: bonds.asOf,
    });

    expect(by["environmental-services"]!.figure).toMatchObject({
      value: "1",
      source: "records",
      asOf: MINT_AT.toISOString(),
    });

    const ledgers = t.deps.ledgerStatuses();
    const live = [ledgers.ethereum, ledgers.stellar, ledgers.xrpl].filter((l) => l.mode === "live").length;
    expect(live).toBe(1); // the local chain; Stellar and XRPL are at closed ports
    expect(by.infrastructure!.figure).toMatchObject({ value: String(live), unit: "of 3", source: "live" });
  });

  it("has no contact line without CONTACT_NAME / CONTACT_EMAIL", () => {
    expect(s.contact).toBeNull();
  });
});

describe("the cache: one computation per window, however many visitors ask", () => {
  it("a crowd inside the window gets the same summary and costs no government read", async () => {
    const first = await summary();
    const figures = vi.spyOn(t.deps.government, "figures");
    try {
      const crowd = await Promise.all(Array.from({ length: 12 }, () => summary()));
      // Inside the window unless the first call happened to be its last moment: then at most one more computation.
      const computedAts = new Set(crowd.map((c) => c.computedAt));
      expect(computedAts.size).toBeLessThanOrEqual(2);
      expect(figures.mock.calls.length).toBeLessThanOrEqual(
        computedAts.has(first.computedAt) ? computedAts.size - 1 : 1,
      );
      expect(first.cacheSeconds).toBe(SUMMARY_CACHE_MS / 1000);
    } finally {
      figures.mockRestore();
    }
  });
});

/** The landing's sources from the test app, some of them replaced. */
function depsFrom(over: Partial<LandingDeps>): LandingDeps {
  return {
    government: t.deps.government,
    coins: async () => ({ cryptocurrencies: [] }),
    attestor: t.deps.attestor,
    isolatorIntegrity: async () => ({
      files: 0,
      verified: 0,
      failed: 0,
      classicalOnly: 0,
      pending: 0,
      oldestVerifiedAt: null,
    }),
    vaultCollateral: () => Promise.reject(new Error("not used")),
    securityLatest: async () => null,
    treasuryCurve: async () => ({ bonds: [], asOf: "2025-01-02", source: "snapshot", sourceNote: "test" }),
    environmentalMints: async () => ({ count: 0, lastAt: null }),
    ledgers: () => t.deps.ledgerStatuses(),
    evmNetwork: "hardhat",
    sepoliaRpcUrl: null,
    contact: { name: null, email: null },
    ...over,
  };
}

describe("the service's bounds and window", () => {
  it("two calls inside the window compute once; a write elsewhere does not renew it; after the window it computes again", async () => {
    const service = createLandingService(depsFrom({ cacheMs: 400 }));
    const a = await service.summary();
    noteProcessWrite();
    const b = await service.summary();
    expect(b).toBe(a);
    expect(service.computedCount()).toBe(1);
    await new Promise((r) => setTimeout(r, 450));
    const c = await service.summary();
    expect(c).not.toBe(a);
    expect(service.computedCount()).toBe(2);
  });

  it("a part that never answers and one that fails: the call answers within the bound, each with its reason", async () => {
    const service = createLandingService(
      depsFrom({
        partTimeoutMs: 300,
        cacheMs: 0,
        vaultCollateral: () => new Promise(() => {}),
        securityLatest: () => Promise.reject(new Error("database gone")),
      }),
    );
    const started = performance.now();
    const s = landingSummaryResponse.parse(await service.summary());
    expect(performance.now() - started).toBeLessThan(1500);
    expect(s.stats.rwa).toMatchObject({
      state: "not-read",
      value: null,
      figures: null,
      readAt: null,
      reason: "no answer within 300 ms (still reading)",
    });
    expect(s.stats.rwa.how).toContain("could not be read from the chain");
    const security = s.blocks.find((b) => b.id === "security-compliance")!;
    expect(security).toMatchObject({ state: "not-read", figure: null, reason: "failed: database gone" });
    // The rest is there, fresh.
    expect(s.stats.quantum).toMatchObject({ state: "fresh", value: "Active" });
    expect(s.stats.government.state).toBe("fresh");
  });

  it("a part that answered before and is slow now answers its last value with when it was read and why", async () => {
    let calls = 0;
    const reading = {
      vault: t.deployment!.TreasuryVault!.address,
      blockNumber: 7n,
      usdcCollateral: 1_000_000n,
      ethCollateral: 0n,
      collateralValueUsd: 10n ** 18n,
      xqbusdSupply: 0n,
      systemRatioBps: null,
      priceProblem: null,
      source: "live" as const,
      reason: null,
    };
    const service = createLandingService(
      depsFrom({
        partTimeoutMs: 200,
        cacheMs: 0,
        vaultCollateral: () => (calls++ === 0 ? Promise.resolve(reading) : new Promise(() => {})),
      }),
    );
    const first = await service.summary();
    expect(first.stats.rwa).toMatchObject({
      state: "fresh",
      value: "$1 collateral, no XQBUSD minted (ratio unbounded)",
    });
    const second = await service.summary();
    expect(second.stats.rwa).toMatchObject({
      state: "last-value",
      value: first.stats.rwa.value,
      readAt: first.stats.rwa.readAt,
      reason: "no answer within 200 ms (still reading); showing the last value",
    });
    // The slow read is joined, not started again.
    await service.summary();
    expect(calls).toBe(2);
  });

  it("quantum security is inactive, with the reason, when a stored file fails its integrity check", async () => {
    const service = createLandingService(
      depsFrom({
        isolatorIntegrity: async () => ({
          files: 3,
          verified: 2,
          failed: 1,
          classicalOnly: 0,
          pending: 0,
          oldestVerifiedAt: null,
        }),
      }),
    );
    const q = (await service.summary()).stats.quantum;
    expect(q).toMatchObject({ value: "Inactive", figures: { active: false } });
    expect(q.how).toContain("Inactive because 1 stored file failed an integrity check");
  });
});

describe("CONTACT_NAME / CONTACT_EMAIL", () => {
  it("are read, validated and shown as the footer's contact; unset, there is none", async () => {
    const config = loadConfig({
      CONTACT_NAME: " Ada Lovelace ",
      CONTACT_EMAIL: "ada@example.org",
      PGLITE_DIR: "memory://",
    });
    expect(config.contact).toEqual({ name: "Ada Lovelace", email: "ada@example.org" });
    const s = await createLandingService(depsFrom({ contact: config.contact })).summary();
    expect(s.contact).toEqual({ name: "Ada Lovelace", email: "ada@example.org" });
    expect(loadConfig({ CONTACT_NAME: "", PGLITE_DIR: "memory://" }).contact).toEqual({ name: null, email: null });
    expect(() => loadConfig({ CONTACT_EMAIL: "not an email", PGLITE_DIR: "memory://" })).toThrow(ConfigError);
    try {
      loadConfig({ CONTACT_EMAIL: "not an email", PGLITE_DIR: "memory://" });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        { variable: "CONTACT_EMAIL", message: "must be an email address such as team@example.org" },
      ]);
    }
  });
});
