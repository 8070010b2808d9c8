// The coins against the real app: Hardhat's in-process chain with the suite deployed, PGlite in memory, Stellar
// and XRPL unreachable (their clients simulate), sessions from the real store. Every offline coin's test
// transaction is checked through the verify endpoint; the live ones are read back from the chain.
import hre from "hardhat";
import request from "supertest";
import { erc20Abi, parseEther, type Address, type Hash } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSessionStore, SESSION_COOKIE } from "../../shared/session";
import { startTestApp, type TestApp } from "../../testing/harness";
import { COINS, RESPONSE_SAMPLE, type CoinSymbol } from "./cryptocurrency.constants";
import type { SupportedResponse, TestTransactionResponse } from "./cryptocurrency.schemas";

/** The coins we have no node for: signed with their own library, never broadcast. */
const SIGNED_BY_LIBRARY: CoinSymbol[] = [
  "BTC",
  "ADA",
  "SOL",
  "AVAX",
  "DOT",
  "ALGO",
  "HBAR",
  "IOTA",
  "XTZ",
  "VET",
  "KAS",
  "ARB",
  "OP",
  "MATIC",
];

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await startTestApp({ chain: "hardhat" });
  const wallet = privateKeyToAccount(generatePrivateKey()).address;
  const { token } = await createSessionStore(t.deps.database.db, 31337).create(wallet, 3600);
  cookie = `${SESSION_COOKIE}=${token}`;
}, 120_000);
afterAll(() => t?.close());

const client = () => hre.viem.getPublicClient();
const test = (symbol: string, body: object) =>
  request(t.app).post(`/api/cryptocurrencies/${symbol}/test-transaction`).set("Cookie", cookie).send(body);

describe("GET /api/cryptocurrencies/supported", () => {
  it("lists the 22 coins, each at the level it really has here, with its reason", async () => {
    const res = await request(t.app).get("/api/cryptocurrencies/supported").expect(200);
    const body = res.body as SupportedResponse;
    expect(body.cryptocurrencies.map((c) => c.symbol)).toEqual(COINS.map((c) => c.symbol));
    expect(body.categories.totalSupported).toBe(22);
    const level = Object.fromEntries(body.cryptocurrencies.map((c) => [c.symbol, c.level]));
    for (const s of ["ETH", "USDC", "XQBUSD", "XQB", "VIBE"]) expect(level[s], s).toBe("live");
    // The testnets are unreachable in tests: their clients sign offline.
    expect(level.XLM).toBe("signed-offline");
    expect(level.XRP).toBe("signed-offline");
    for (const s of SIGNED_BY_LIBRARY) expect(level[s], s).toBe("signed-offline");
    expect(level.USDT).toBe("display-only");
    for (const c of body.cryptocurrencies) {
      expect(c.levelReason.length, c.symbol).toBeGreaterThan(10);
      if (c.level === "display-only") {
        expect(c.status).toBe("DISPLAY_ONLY");
        expect(c.quantumSecured).toBe(false);
        expect(c.library).toBeNull();
      } else {
        expect(c.status, `${c.symbol}: ${c.levelReason}`).toBe("OPERATIONAL");
        expect(c.library?.version, c.symbol).toMatch(/^\d+\.\d+/);
        expect(c.accounts?.from, c.symbol).toBeTruthy();
        expect(c.accounts?.to, c.symbol).not.toBe(c.accounts?.from);
      }
    }
  });
});

describe("POST /api/cryptocurrencies/:symbol/test-transaction", () => {
  it("needs a signed-in wallet", async () => {
    await request(t.app).post("/api/cryptocurrencies/BTC/test-transaction").send({ amount: 1 }).expect(401);
  });

  const offline: CoinSymbol[] = [...SIGNED_BY_LIBRARY, "XLM", "XRP"];
  it.each(offline)(
    "%s: signed offline, never broadcast; the verify endpoint decodes it to the same id and contents",
    async (symbol) => {
      const supported = (await request(t.app).get("/api/cryptocurrencies/supported")).body as SupportedResponse;
      const coin = supported.cryptocurrencies.find((c) => c.symbol === symbol)!;
      const memo = coin.limits!.memoMaxBytes ? "xqb test" : undefined;
      const res = await test(symbol, { amount: 1, memo });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = res.body as TestTransactionResponse;
      expect(body.result.source).toBe("simulated");
      expect(body.result.explorerUrl).toBeNull();
      expect(body.result.reason).toBeTruthy();
      expect(body.result.attestation.algorithm).toBe("ML-DSA-65");
      expect(body.result.attestation.message).toContain(body.result.transactionHash);
      const v = await request(t.app)
        .post(`/api/cryptocurrencies/${symbol}/verify`)
        .send({ signedTransaction: body.result.signedTransaction })
        .expect(200);
      expect(v.body.decoded.transactionHash).toBe(body.result.transactionHash);
      expect(v.body.decoded.to).toBe(body.result.to);
      expect(Number(v.body.decoded.amount)).toBe(1);
      expect(v.body.decoded.memo).toBe(memo ?? null);
      expect(v.body.signatureValid, v.body.signatureNote).not.toBe(false);
    },
  );

  it("ETH and the tokens are executed on the local chain: the transaction is there with the returned hash", async () => {
    for (const symbol of ["ETH", "XQB", "XQBUSD", "VIBE", "USDC"] as const) {
      const res = await test(symbol, { amount: "1.5" });
      expect(res.status, `${symbol}: ${JSON.stringify(res.body)}`).toBe(200);
      const body = res.body as TestTransactionResponse;
      expect(body.level).toBe("live");
      expect(body.result.source).toBe("live");
      const receipt = await (await client()).getTransactionReceipt({ hash: body.result.transactionHash as Hash });
      expect(receipt.status).toBe("success");
      if (symbol === "ETH") {
        const tx = await (await client()).getTransaction({ hash: body.result.transactionHash as Hash });
        expect(tx.value).toBe(parseEther("1.5"));
        expect(tx.to?.toLowerCase()).toBe(body.result.to.toLowerCase());
      } else {
        const token = t.deployment![{ XQB: "XQBToken", XQBUSD: "XQBUSD", VIBE: "VibeCoin", USDC: "MockUSDC" }[symbol]]!
          .address as Address;
        const held = await (
          await client()
        ).readContract({
          address: token,
          abi: erc20Abi,
          functionName: "balanceOf",
          args: [body.result.to as Address],
        });
        expect(held > 0n).toBe(true);
      }
      const v = await request(t.app)
        .post(`/api/cryptocurrencies/${symbol}/verify`)
        .send({ signedTransaction: body.result.signedTransaction })
        .expect(200);
      expect(v.body.decoded.transactionHash).toBe(body.result.transactionHash);
      expect(v.body.decoded.amount).toBe("1.5");
    }
  });

  it("refuses what the chain would refuse, naming the field, and records nothing", async () => {
    const before = (await request(t.app).get("/api/cryptocurrencies/ecosystem-status")).body.responseSample as number;
    const cases: [string, object, string][] = [
      ["BTC", { amount: "0.000000001" }, "amount"], // 9 places, BTC has 8
      ["BTC", { amount: "0.00000001" }, "amount"], // below the dust limit
      ["BTC", { amount: "1e3" }, "amount"],
      ["BTC", { amount: -1 }, "amount"],
      ["BTC", { amount: 1, memo: "x".repeat(81) }, "memo"],
      ["XLM", { amount: 1, memo: "é".repeat(15) }, "memo"], // 30 bytes > 28
      ["IOTA", { amount: 1, memo: "hello" }, "memo"], // cannot carry one
      ["ETH", { amount: 11 }, "amount"],
      ["USDT", { amount: 1 }, "symbol"],
    ];
    for (const [symbol, body, field] of cases) {
      const res = await test(symbol, body);
      expect(res.status, `${symbol} ${JSON.stringify(body)}`).toBe(400);
      expect(JSON.stringify(res.body), `${symbol} ${JSON.stringify(body)}`).toContain(field);
    }
    await request(t.app).post("/api/cryptocurrencies/NOPE/test-transaction").set("Cookie", cookie).send({}).expect(400);
    const after = (await request(t.app).get("/api/cryptocurrencies/ecosystem-status")).body.responseSample as number;
    expect(after).toBe(before);
  });
});

describe("bulk test and the overview", () => {
  it("runs the Top 5 a few at a time and the overview counts what happened", async () => {
    const res = await request(t.app)
      .post("/api/cryptocurrencies/bulk-test")
      .set("Cookie", cookie)
      .send({ symbols: ["XLM", "ETH", "BTC", "XRP", "ADA"], amount: 1, memo: "bulk" })
      .expect(200);
    for (const s of ["XLM", "ETH", "BTC", "XRP", "ADA"]) expect(res.body.results[s].success, s).toBe(true);
    // ETH cannot carry a memo on the local chain: it ran without, and says so.
    expect(res.body.results.ETH.result.memo).toBeNull();
    expect(res.body.results.ETH.result.assumptions[0]).toContain("The memo was not carried");
    expect(res.body.results.BTC.result.memo).toBe("bulk");
    expect(res.body.summary).toMatchObject({ successful: 5, failed: 0, successRate: 100 });

    const status = (await request(t.app).get("/api/cryptocurrencies/ecosystem-status").expect(200)).body;
    expect(status.totalCryptocurrencies).toBe(22);
    expect(status.levels).toEqual({ live: 5, "signed-offline": 16, "display-only": 1 });
    expect(status.operationalNetworks).toBe(21);
    expect(status.healthPercentage).toBe(95.5);
    expect(status.ecosystemHealth).toBe("healthy");
    expect(status.quantumSecuredCount).toBe(21);
    expect(status.responseSample).toBeGreaterThan(0);
    expect(status.responseSample).toBeLessThanOrEqual(RESPONSE_SAMPLE * 22);
    expect(status.averageResponseTime).toBeGreaterThan(0);

    const times = (await request(t.app).get("/api/cryptocurrencies/response-times").expect(200)).body;
    const of = (s: string) => times.coins.find((c: { symbol: string }) => c.symbol === s);
    expect(of("BTC").samples).toBeGreaterThanOrEqual(2);
    expect(of("BTC").medianMs).toBeGreaterThan(0);
    expect(of("USDT")).toMatchObject({ samples: 0, meanMs: null, lastAt: null });
  });

  it("serves the bundled price snapshots, dated and sourced, never as live", async () => {
    const body = (await request(t.app).get("/api/cryptocurrencies/prices").expect(200)).body;
    expect(body.source).toBe("snapshot");
    const btc = body.series.find((s: { symbol: string }) => s.symbol === "BTC");
    expect(btc.points[0]).toEqual({ date: "2024-06-09", usd: 69315.1, source: "coingecko" });
    expect(btc.latest).toMatchObject({ date: "2026-09-28", source: "binance" });
    // Every 7th daily point and each file's last: a chart's worth, not 2,800 points an answer.
    expect(btc.points.length).toBeLessThan(120);
    expect(btc.points.at(-1)).toEqual(btc.latest);
    expect(btc.points.some((p: { date: string }) => p.date === "2026-02-20")).toBe(true); // CoinGecko's last
    expect(body.unpriced).toContain("SOL");
    expect(body.unpriced).not.toContain("XLM");
  });

  it("verify refuses bytes that are not that coin's transfer, as a 400 on the field", async () => {
    const res = await request(t.app)
      .post("/api/cryptocurrencies/BTC/verify")
      .send({ signedTransaction: "0x02deadbeef" })
      .expect(400);
    expect(JSON.stringify(res.body)).toContain("signedTransaction");
  });
});
