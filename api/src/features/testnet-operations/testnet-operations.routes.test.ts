// The testnet operations calls against the real app: Hardhat's in-process chain with the suite deployed, PGlite in
// memory, Stellar, XRPL and the government publishers unreachable (closed ports), sessions from the real store.
import { readFileSync } from "node:fs";
import { Networks, TransactionBuilder, type Memo } from "@stellar/stellar-sdk";
import { parse } from "csv-parse/sync";
import hre from "hardhat";
import request from "supertest";
import { erc20Abi, parseUnits, type Address, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERIES } from "../../sources/government/catalogue";
import { GOVERNMENT_DATA_DIR } from "../../sources/government/snapshot";
import { startTestApp, type TestApp } from "../../testing/harness";
import { signedInCookie } from "../../testing/sessions";
import { STELLAR_AMOUNT_RULE } from "./testnet-operations.constants";
import type {
  ComplianceValidateResponse,
  ComprehensiveDataResponse,
  GovernmentDataResponse,
  GovernmentFigure,
  MultiCryptoResponse,
  RealOperationsResponse,
  StellarTransactionResponse,
  SupportedAssetsResponse,
  TreasuryHealthResponse,
  VibeAnalyticsResponse,
  VibeMintResponse,
} from "./testnet-operations.schemas";

// A listed operator, so a signed-in wallet on loopback is a wallet, not an operator (open-loopback mode).
const OPERATOR = privateKeyToAccount(generatePrivateKey()).address;

let t: TestApp;
let wallet: Awaited<ReturnType<typeof signedInCookie>>;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat", env: { OPERATOR_ADDRESSES: OPERATOR } });
  wallet = await signedInCookie(t.deps.database.db);
}, 120_000);
afterAll(() => t?.close());

/** The bundled file's value for a figure's own date, read straight from the CSV. */
function bundled(figure: GovernmentFigure): number {
  const def = Object.values(SERIES).find((s) => s.seriesId === figure.seriesId)!;
  const rows = parse(readFileSync(`${GOVERNMENT_DATA_DIR}${def.snapshot.file}`, "utf8"), { columns: true }) as Record<
    string,
    string
  >[];
  return Number(rows.find((r) => r[def.snapshot.dateColumn] === figure.asOf)![def.snapshot.valueColumn]);
}

describe("government figures offline", () => {
  it("POST /api/real-testnet/government-data: every figure reads snapshot, dated, equal to its bundled row", async () => {
    const body = (await request(t.app).post("/api/real-testnet/government-data").expect(200))
      .body as GovernmentDataResponse;
    const figures = [
      body.federalReserve.gdp,
      body.federalReserve.unemployment,
      body.federalReserve.inflation,
      body.treasury.publicDebt,
      body.treasury.balance,
      body.eia.crudeOilPrice,
      body.eia.naturalGasPrice,
    ];
    for (const f of figures) {
      expect(f, "a figure").not.toBeNull();
      expect(f!.source).toBe("snapshot");
      expect(f!.value, f!.seriesId).toBe(bundled(f!));
    }
    expect(body.federalReserve.inflation!.asOf).toBe("2026-07-01");
    expect(body.treasury.publicDebt!.value).toBe(40033256786764.37);
    expect(body.missing).toEqual([]);
    expect(body.message).toBeNull();
    const live = Object.fromEntries(body.sources.map((s) => [s.source, s.live]));
    expect(live).toEqual({ fred: "disabled", "fiscal-data": "failed", eia: "disabled" });
  });

  it("GET /api/government/comprehensive-data: the fed funds rate, GDP in billions, unemployment, debt and the 10-year", async () => {
    const { data } = (await request(t.app).get("/api/government/comprehensive-data").expect(200))
      .body as ComprehensiveDataResponse;
    expect(data.economic.federalFundsRate).toMatchObject({ seriesId: "DFF", value: 3.63, asOf: "2026-08-04" });
    expect(data.economic.gdp).toMatchObject({
      seriesId: "GDP",
      value: 32475.21,
      units: expect.stringMatching(/^billions/),
    });
    expect(data.economic.unemployment).toMatchObject({ seriesId: "UNRATE", value: 4.1 });
    expect(data.treasury.bondYields.tenYear).toMatchObject({ seriesId: "DGS10", value: 4.63, asOf: "2026-08-04" });
    expect(data.treasury.nationalDebt!.value).toBe(bundled(data.treasury.nationalDebt!));
  });

  it("GET /api/treasury/health: a real probe that fails here, said so, with the fallback's date", async () => {
    const body = (await request(t.app).get("/api/treasury/health").expect(200)).body as TreasuryHealthResponse;
    expect(body.status).toBe("UNREACHABLE");
    expect(body.endpoints.fiscalData).toMatchObject({ endpoint: "127.0.0.1:1", ok: false, lastSuccessAt: null });
    expect(body.endpoints.fiscalData.error).toMatch(/unreachable/);
    expect(body.fallback).toContain("2026-08-20");
  });

  it("GET /api/compliance/validate: GENIUS by the audit's rules from the chain, never VALIDATED by default", async () => {
    const body = (await request(t.app).get("/api/compliance/validate").expect(200)).body as ComplianceValidateResponse;
    const g = body.frameworks.geniusAct;
    expect(g.source).toBe("live");
    expect(g.rulesTotal).toBeGreaterThan(0);
    expect(g.rulesMet).toBe(g.checks.filter((c) => c.met).length);
    // XQBUSD is backed by ETH and USDC at 150%, not 1:1 cash and Treasuries: some GENIUS rules are not met.
    expect(g.status).not.toBe("VALIDATED");
    expect(body.frameworks.iso20022.status).toBe("NOT_ASSESSED");
    expect(body.frameworks.quantumSecurity.status).toBe("VALIDATED");
    expect(body.frameworks.quantumSecurity.checks.map((c) => c.met)).toEqual([true, true]);
    expect(body.status).toBe("PARTIAL");
  });
});

describe("the Stellar payment", () => {
  const pay = (path: string, body: object, cookie = wallet.cookie) =>
    request(t.app).post(path).set("Cookie", cookie).send(body);

  it("is signed and labelled simulated when the testnet is unreachable, with no explorer link", async () => {
    const res = await pay("/api/real-testnet/stellar-transaction", { xlmAmount: 10, memo: "XQBUSD Test Transaction" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as StellarTransactionResponse;
    expect(body).toMatchObject({
      source: "simulated",
      transactionUrl: null,
      amount: "10",
      memo: "XQBUSD Test Transaction",
    });
    expect(body.reason).toBeTruthy();
    // The envelope is a real Stellar testnet transaction, signed: the SDK reads it and its hash is the one given.
    const tx = TransactionBuilder.fromXDR(body.signedTransaction, Networks.TESTNET);
    expect(Buffer.from(tx.hash()).toString("hex")).toBe(body.transactionHash);
    expect(Buffer.from((tx as { memo: Memo }).memo.value as Uint8Array).toString()).toBe("XQBUSD Test Transaction");
    expect(tx.signatures).toHaveLength(1);
    const verified = await request(t.app)
      .post(body.verifyPath)
      .send({ signedTransaction: body.signedTransaction })
      .expect(200);
    expect(verified.body).toMatchObject({ signatureValid: true, decoded: { transactionHash: body.transactionHash } });
  });

  it("the dashboard's form sends amount; a 28-byte memo passes, 29 bytes is a 400 naming memo", async () => {
    const ok = await pay("/api/testnet/stellar-transaction", { amount: 1, memo: "x".repeat(28) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const long = await pay("/api/testnet/stellar-transaction", { amount: 1, memo: "é".repeat(15) });
    expect(long.status).toBe(400);
    expect(long.body.issues[0]).toMatchObject({ path: "memo", message: expect.stringMatching(/28 bytes/) });
  });

  it("the pages' amount rule is the coin layer's XLM limits, which the API refuses with", async () => {
    const { cryptocurrencies } = (await request(t.app).get("/api/cryptocurrencies/supported").expect(200)).body as {
      cryptocurrencies: { symbol: string; limits: { decimals: number; minAmount: string; maxAmount: string } }[];
    };
    const xlm = cryptocurrencies.find((c) => c.symbol === "XLM")!.limits;
    expect({ decimals: xlm.decimals, min: Number(xlm.minAmount), max: Number(xlm.maxAmount) }).toEqual(
      STELLAR_AMOUNT_RULE,
    );
    const over = await pay("/api/real-testnet/stellar-transaction", { xlmAmount: STELLAR_AMOUNT_RULE.max + 1 });
    expect(over.status).toBe(400);
    expect(over.body.issues[0].path).toBe("xlmAmount");
  });

  it("a bad amount is a 400 naming the form's own field, and a visitor is asked to sign in", async () => {
    const real = await pay("/api/real-testnet/stellar-transaction", { xlmAmount: 0 });
    expect(real.status).toBe(400);
    expect(real.body.issues[0].path).toBe("xlmAmount");
    const dash = await pay("/api/testnet/stellar-transaction", { amount: "1.123456789" });
    expect(dash.status).toBe(400);
    expect(dash.body.issues[0].path).toBe("amount");
    await request(t.app).post("/api/testnet/stellar-transaction").send({ amount: 1 }).expect(401);
  });
});

describe("the multi-crypto test and the assets", () => {
  it("runs the default BTC, ETH, XRP at their real levels; ETH executes on the local chain", async () => {
    const res = await request(t.app).post("/api/real-testnet/multi-crypto-test").set("Cookie", wallet.cookie).send({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as MultiCryptoResponse;
    expect(body.testedCurrencies).toEqual(["BTC", "ETH", "XRP"]);
    expect(body).toMatchObject({ totalOperations: 3, successful: 3, failed: 0, successRate: 100 });
    const by = Object.fromEntries(body.results.map((r) => [r.symbol, r]));
    expect([by.BTC!.level, by.ETH!.level, by.XRP!.level]).toEqual(["signed-offline", "live", "signed-offline"]);
    expect([by.BTC!.source, by.ETH!.source, by.XRP!.source]).toEqual(["simulated", "live", "simulated"]);
    const receipt = await (
      await hre.viem.getPublicClient()
    ).getTransactionReceipt({
      hash: by.ETH!.transactionHash as Hash,
    });
    expect(receipt.status).toBe("success");
    expect(by.BTC!.network).toMatch(/testnet/i);
  });

  it("an empty or unknown selection is a 400 naming selectedCryptos", async () => {
    const post = (body: object) =>
      request(t.app).post("/api/real-testnet/multi-crypto-test").set("Cookie", wallet.cookie).send(body);
    const empty = await post({ selectedCryptos: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.issues[0]).toMatchObject({ path: "selectedCryptos", message: "choose at least one coin" });
    expect((await post({ selectedCryptos: ["DOGE"] })).status).toBe(400);
  });

  it("GET /api/real-testnet/supported-assets: the 22 coins keyed by symbol with their levels", async () => {
    const body = (await request(t.app).get("/api/real-testnet/supported-assets").expect(200))
      .body as SupportedAssetsResponse;
    expect(body.totalAssets).toBe(22);
    expect(Object.keys(body.assets)).toHaveLength(22);
    expect(body.assets.ETH).toMatchObject({ level: "live", testnetId: "31337" });
    expect(body.assets.USDT!.level).toBe("display-only");
    expect(body.levels.live + body.levels["signed-offline"] + body.levels["display-only"]).toBe(22);
  });

  it("GET /api/testnet/real-operations: the levels measured now and the algorithms by FIPS number", async () => {
    const { operations } = (await request(t.app).get("/api/testnet/real-operations").expect(200))
      .body as RealOperationsResponse;
    expect(operations.quantumSecurity.algorithms.map((a) => a.standard)).toContain("FIPS 204");
    expect(operations.quantumSecurity.note).toMatch(/no FIPS 140 validation/);
    const statuses = Object.values(operations.realTransactionCapabilities).map((c) => c.status);
    expect(statuses).toContain("LIVE");
    expect(statuses).toContain("SIGNED_OFFLINE");
    expect(operations.supportedNetworks).toBe(
      operations.authenticBlockchains.filter((b) => b.level !== "display-only").length,
    );
  });
});

describe("VibeCoins", () => {
  it("GET /api/vibecoins-crypto/analytics: pools read from the chain; no CO2 figure without a measured action", async () => {
    const body = (await request(t.app).get("/api/vibecoins-crypto/analytics").expect(200))
      .body as VibeAnalyticsResponse;
    expect(body.source).toBe("live");
    expect(body.analytics.totalPools).toBe(body.analytics.pools.length);
    expect(body.analytics.totalPools).toBeGreaterThan(0);
    const sum = body.analytics.pools.reduce((s, p) => s + parseUnits(p.totalStaked, 18), 0n);
    expect(parseUnits(body.analytics.totalETHStaked, 18)).toBe(sum);
    expect(body.analytics.environmentalImpact.co2Offset).toBeNull();
    expect(body.analytics.environmentalImpact.reason.length).toBeGreaterThan(20);
  });

  it("POST /api/vibecoins-crypto/mint: a wallet mints 1000 VIBE to itself on chain, once an hour", async () => {
    const me = await signedInCookie(t.deps.database.db);
    const mint = (body: object) =>
      request(t.app).post("/api/vibecoins-crypto/mint").set("Cookie", me.cookie).send(body);
    const body = {
      recipientAddress: me.address,
      amount: 1000,
      environmentalProject: "Reforestation, Utah",
      network: "ethereum",
    };
    const res = await mint(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const minted = res.body as VibeMintResponse;
    expect(minted).toMatchObject({
      amount: "1000",
      source: "live",
      quantumSecured: true,
      environmentalProject: "Reforestation, Utah",
    });
    const receipt = await (
      await hre.viem.getPublicClient()
    ).getTransactionReceipt({
      hash: minted.transactionHash as Hash,
    });
    expect(receipt.status).toBe("success");
    expect((await mint(body)).status).toBe(429);
    const analytics = (await request(t.app).get("/api/vibecoins-crypto/analytics").expect(200))
      .body as VibeAnalyticsResponse;
    expect(analytics.analytics.environmentalImpact).toMatchObject({ co2Offset: null, recordedActions: 1 });
  });

  it("refuses another recipient (403), too much (400 amount) and another network (400 network)", async () => {
    const me = await signedInCookie(t.deps.database.db);
    const other = (await signedInCookie(t.deps.database.db)).address;
    const mint = (body: object) =>
      request(t.app)
        .post("/api/vibecoins-crypto/mint")
        .set("Cookie", me.cookie)
        .send({
          recipientAddress: me.address,
          amount: 10,
          environmentalProject: "Wetlands",
          network: "hardhat",
          ...body,
        });
    const forbidden = await mint({ recipientAddress: other });
    expect(forbidden.status).toBe(403);
    const much = await mint({ amount: 1001 });
    expect(much.status).toBe(400);
    expect(much.body.issues[0].path).toBe("amount");
    const elsewhere = await mint({ network: "stellar" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.issues[0].path).toBe("network");
    const unnamed = await mint({ environmentalProject: " " });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues[0].path).toBe("environmentalProject");
  });

  it("an operator mints to anyone, more than a wallet may, without taking an hourly slot", async () => {
    const operator = await signedInCookie(t.deps.database.db, OPERATOR);
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const mint = () =>
      request(t.app)
        .post("/api/vibecoins-crypto/mint")
        .set("Cookie", operator.cookie)
        .send({ recipientAddress: recipient, amount: "2500", environmentalProject: "Solar farm", network: "hardhat" });
    expect((await mint()).status).toBe(200);
    const again = await mint();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const balance = await (
      await hre.viem.getPublicClient()
    ).readContract({
      address: t.deployment!.VibeCoin!.address as Address,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [recipient],
    });
    expect(balance).toBe(parseUnits("5000", 18));
  });
});
