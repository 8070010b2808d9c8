// GET /api/congressional/figures against the real app: Hardhat's in-process chain with the suite deployed, PGlite in
// memory, the government publishers at closed ports (as CI runs). Each figure is traced to its source, read again
// here by another road: the GENIUS rules over /api/compliance/validate, the recorded actions by SQL, the government
// sources and the debt through the app's deps. Then the spec's defaults, which appear only when data is missing.
import { and, count, countDistinct, eq, sql } from "drizzle-orm";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vibeEnvironmentalMints, vibeRewardMints, vibeRewards } from "../../db/schema";
import { startTestApp, type TestApp } from "../../testing/harness";
import { testnetOperationsContract } from "../testnet-operations/testnet-operations.contract";
import { complianceValidateResponse } from "../testnet-operations/testnet-operations.schemas";
import { DEBT_FALLBACK_USD, SPEC_DEFAULTS } from "./congressional.constants";
import { congressionalContract } from "./congressional.contract";
import { congressionalFiguresResponse, type CongressionalFiguresResponse } from "./congressional.schemas";
import { createCongressionalService } from "./congressional.service";
import type { CongressionalDeps } from "./congressional.sources";

const PATH = congressionalContract.figures.path;
const hash = (b: string) => `0x${b.repeat(32)}`;
const wallet = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  const db = t.deps.database.db;
  // Two environmental mints; three reward slots: one minted reward, one whose slot is the first environmental mint
  // (counted there, not twice), one reserved and never minted.
  await db.insert(vibeEnvironmentalMints).values(
    ["ab", "cd"].map((b, i) => ({
      recipient: wallet(i + 1),
      amount: "5",
      project: "reforestation",
      transactionHash: hash(b),
      source: "simulated",
      reason: "test row",
      chainId: 31337,
      chainInstance: null,
      caller: null,
      at: new Date("2025-01-02T03:04:05.000Z"),
    })),
  );
  const slot = (n: number, transactionHash: string | null) => ({
    chainId: 31337,
    wallet: wallet(n),
    reservedAt: new Date(`2025-02-0${n}T00:00:00.000Z`),
    reservationId: `00000000-0000-4000-8000-00000000000${n}`,
    transactionHash,
    source: transactionHash ? "live" : null,
  });
  await db.insert(vibeRewards).values([slot(1, hash("ab")), slot(3, hash("ef")), slot(4, null)]);
  // The history of sent rewards: wallet 3 was rewarded twice (counted once), wallet 1's is an environmental mint.
  const sent = (n: number, transactionHash: string, day: number) => ({
    chainId: 31337,
    wallet: wallet(n),
    transactionHash,
    source: "live",
    at: new Date(`2025-02-0${day}T00:00:00.000Z`),
  });
  await db.insert(vibeRewardMints).values([sent(1, hash("ab"), 1), sent(3, hash("ee"), 2), sent(3, hash("ef"), 3)]);
}, 120_000);
afterAll(() => t?.close());

const figures = async (): Promise<CongressionalFiguresResponse> =>
  congressionalFiguresResponse.parse((await request(t.app).get(PATH).expect(200)).body);

describe("GET /api/congressional/figures: every figure traced to its source", () => {
  let f: CongressionalFiguresResponse;
  beforeAll(async () => {
    f = await figures();
  }, 30_000);

  it("compliance score: the audit's GENIUS Act rules met, n of m, as /api/compliance/validate reads them", async () => {
    const validate = complianceValidateResponse.parse(
      (await request(t.app).get(testnetOperationsContract.complianceValidate.path).expect(200)).body,
    );
    const genius = validate.frameworks.geniusAct;
    expect(genius.rulesTotal).toBeGreaterThan(0);
    expect(f.complianceScore).toMatchObject({
      basis: "computed",
      reason: null,
      rulesMet: genius.rulesMet,
      rulesTotal: genius.rulesTotal,
      value: Math.round((genius.rulesMet / genius.rulesTotal) * 100),
    });
    expect(f.complianceScore.rules.map((r) => [r.id, r.met])).toEqual(genius.checks.map((c) => [c.id, c.met]));
    expect(f.complianceScore.how).toContain(`${genius.rulesMet} of ${genius.rulesTotal} GENIUS Act rules met`);
    expect(f.complianceScore.blockNumber).toMatch(/^\d+$/);
  });

  it("activities: environmental mints plus minted rewards that are not one of them, counted by SQL here", async () => {
    const db = t.deps.database.db;
    const [mints] = await db.select({ n: count() }).from(vibeEnvironmentalMints);
    const [rewards] = await db
      .select({ n: countDistinct(vibeRewardMints.wallet) })
      .from(vibeRewardMints)
      .where(
        and(
          sql`${vibeRewardMints.transactionHash} not in (select transaction_hash from vibe_environmental_mints)`,
          eq(vibeRewardMints.chainId, 31337),
        ),
      );
    expect([mints!.n, rewards!.n]).toEqual([2, 1]);
    expect(f.activities).toMatchObject({
      basis: "computed",
      value: mints!.n + rewards!.n,
      environmentalMints: mints!.n,
      rewardedWallets: rewards!.n,
      lastAt: "2025-02-03T00:00:00.000Z",
      reason: null,
    });
    expect(f.activities.value).not.toBe(SPEC_DEFAULTS.activities);
  });

  it("federal endpoints: the government sources configured for live reads, as the data layer lists them", () => {
    const sources = t.deps.government.sources();
    const configured = sources.filter((s) => s.live !== "disabled");
    expect(f.federalEndpoints).toMatchObject({ basis: "computed", value: configured.length, reason: null });
    expect(f.federalEndpoints.sources.map((s) => [s.name, s.live])).toEqual(sources.map((s) => [s.name, s.live]));
    // Offline with no keys: FRED and EIA are disabled, Treasury Fiscal Data needs none.
    expect(f.federalEndpoints.value).toBe(1);
    expect(f.federalEndpoints.how).toContain("live disabled: no key (FRED_API_KEY unset)");
  });

  it("national debt: the government layer's debt to the penny with its date and source (the snapshot offline)", async () => {
    const { figure } = await t.deps.government.figure("publicDebt");
    expect(figure).not.toBeNull();
    expect(f.nationalDebt).toEqual({
      valueUsd: figure!.value,
      basis: "snapshot",
      asOf: figure!.asOf,
      publisher: figure!.publisher,
      seriesId: figure!.seriesId,
      note: figure!.note,
    });
    expect(f.nationalDebt.valueUsd).not.toBe(DEBT_FALLBACK_USD);
  });

  it("quantum: a fresh ML-DSA-65 signature by the app's attestation key verifies", () => {
    expect(f.quantum).toMatchObject({
      algorithm: "ML-DSA-65",
      publicKeyId: t.deps.attestor.publicKeyId,
      signsNow: true,
    });
  });

  it("one answer per window: a second call within it is the same computation", async () => {
    const again = await figures();
    expect(again.computedAt).toBe(f.computedAt);
  });
});

describe("the spec's defaults appear only when the data is missing, labelled", () => {
  const base = (): CongressionalDeps => ({
    compliance: () => new Promise(() => {}),
    environmentalMints: () => Promise.reject(new Error("database down")),
    rewardedWallets: () => Promise.resolve({ count: 1, lastAt: null }),
    government: {
      sources: () => [],
      figure: async () => ({ key: "publicDebt", figure: null, missing: "no bundled row" }),
    },
    attestor: t.deps.attestor,
    figureTimeoutMs: 50,
    cacheMs: 0,
  });

  it("a slow audit, a failing table, no sources and no debt: 90, 12, 5 and $36.2T, each saying why", async () => {
    const f = congressionalFiguresResponse.parse(await createCongressionalService(base()).figures());
    expect(f.complianceScore).toMatchObject({ value: 90, basis: "spec-default", rulesMet: null });
    expect(f.complianceScore.reason).toMatch(/timed out after 50 ms/);
    expect(f.activities).toMatchObject({ value: 12, basis: "spec-default", reason: "database down" });
    expect(f.federalEndpoints).toMatchObject({ value: 5, basis: "spec-default" });
    expect(f.federalEndpoints.reason).toBe("no government data source is configured");
    expect(f.nationalDebt).toMatchObject({ valueUsd: 36.2e12, basis: "fallback", asOf: null });
    expect(f.nationalDebt.note).toBe("Spec fallback ($36.2T): no bundled row.");
  });

  it("an audit answered without the chain is missing data too; an audit with rules is computed, even at 0%", async () => {
    const reading = (source: "live" | "simulated", met: boolean) => () =>
      Promise.resolve({
        disclaimer: "d",
        source,
        reason: source === "live" ? null : "no chain",
        blockNumber: "7",
        rules: [{ id: "r", group: "GENIUS Act §4", rule: "r", source: "s", measured: "m", met }],
      });
    const simulated = await createCongressionalService({ ...base(), compliance: reading("simulated", true) }).figures();
    expect(simulated.complianceScore).toMatchObject({ value: 90, basis: "spec-default" });
    expect(simulated.complianceScore.reason).toContain("no chain");
    const none = await createCongressionalService({ ...base(), compliance: reading("live", false) }).figures();
    expect(none.complianceScore).toMatchObject({ value: 0, basis: "computed", rulesMet: 0, rulesTotal: 1 });
  });
});
