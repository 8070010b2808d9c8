// The coins' service: where each coin stands (computed when asked), the overview by its stated rule, a test
// transaction (checked against the coin's own limits, run, recorded once done, attested with ML-DSA-65), a bulk
// run a few coins at a time (one per wallet at once), and the decoder anyone can check a result with.
import { desc, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coinTestRuns } from "../../db/schema";
import { HttpError, fieldError } from "../../http/errors";
import { OfflineDecodeError, type OfflineLimits } from "../../ledgers/offline/types";
import { attestationMessage, type Attestor } from "../../shared/attestation";
import {
  BULK_CONCURRENCY,
  COIN_CATEGORIES,
  COINS,
  DISPLAY_ONLY_REASONS,
  FAUCETS,
  HEALTH_RULE,
  RESPONSE_SAMPLE,
  TEST_AMOUNT,
  type CoinSymbol,
} from "./cryptocurrency.constants";
import type { CoinRunner, RunnerInfo, Standing } from "./cryptocurrency.coins";
import { loadPrices } from "./cryptocurrency.prices";
import { amountProblem, chainRuleOf, memoProblem } from "./cryptocurrency.rules";
import type {
  BulkTestResponse,
  CoinEntryAnswer,
  EcosystemStatusResponse,
  PricesResponse,
  ResponseTimesResponse,
  SupportedResponse,
  TestTransactionResponse,
  VerifyResponse,
} from "./cryptocurrency.schemas";

export interface CryptocurrencyServiceDeps {
  db: Db;
  /** Every coin that can run a test; the others are display only. */
  runners: ReadonlyMap<CoinSymbol, CoinRunner>;
  attestor: Attestor;
  now?: () => Date;
}

/** An amount as sent (a number or text) as plain decimal text, or a 400 naming `amount` with the coin's rule. */
export function checkAmount(input: number | string | undefined, limits: OfflineLimits, symbol: string): string {
  const text = input === undefined ? TEST_AMOUNT.default : typeof input === "number" ? String(input) : input.trim();
  const problem = amountProblem(text, chainRuleOf(symbol, limits), symbol);
  if (problem) throw fieldError("amount", problem);
  const [whole = "0", frac = ""] = text.split(".");
  const places = frac.replace(/0+$/, "");
  return `${whole.replace(/^0+(?=\d)/, "")}${places ? `.${places}` : ""}`;
}

/** The memo as sent, or a 400 naming `memo` when the coin's transfer cannot carry it or it is too long. */
export function checkMemo(memo: string | null | undefined, limits: OfflineLimits, symbol: string): string | null {
  if (memo === undefined || memo === null || memo === "") return null;
  const problem = memoProblem(memo, limits, symbol);
  if (problem) throw fieldError("memo", problem);
  return memo;
}

const statusOf = (s: Standing): CoinEntryAnswer["status"] =>
  s.level === "display-only" ? "DISPLAY_ONLY" : s.operational ? "OPERATIONAL" : "UNAVAILABLE";

const errorOf = (err: unknown) =>
  err instanceof HttpError
    ? { code: err.code, message: err.message }
    : { code: (err as { code?: string }).code ?? "FAILED", message: (err as Error).message ?? String(err) };

function displayEntry(coin: (typeof COINS)[number], faucet: { name: string; url: string } | null): CoinEntryAnswer {
  return {
    symbol: coin.symbol,
    name: coin.name,
    network: "none",
    status: "DISPLAY_ONLY",
    quantumSecured: false,
    hasTestnet: false,
    hasFaucet: faucet !== null,
    faucet,
    category: coin.category,
    level: "display-only",
    levelReason: DISPLAY_ONLY_REASONS[coin.symbol] ?? "no signer for it here",
    testnet: { name: "none", id: null, idKind: null },
    library: null,
    idRule: null,
    limits: null,
    accounts: null,
  };
}

/** The price charts' sampling of the bundled daily points. */
const PRICE_EVERY_NTH_DAY = 7;

export function createCryptocurrencyService(deps: CryptocurrencyServiceDeps) {
  const now = deps.now ?? (() => new Date());
  const bulkRunning = new Set<string>();

  // Our test accounts never change in a process: derived once (some libraries take 10-20 ms a key), not per read.
  const accounts = new Map<CoinSymbol, Promise<{ from: string; to: string }>>();
  const accountsOf = (runner: CoinRunner) => {
    let a = accounts.get(runner.symbol);
    if (!a) {
      a = runner.accounts();
      accounts.set(runner.symbol, a);
      a.catch(() => accounts.delete(runner.symbol));
    }
    return a.catch(() => null);
  };

  const runnerOf = (symbol: CoinSymbol): CoinRunner => {
    const r = deps.runners.get(symbol);
    if (!r)
      throw fieldError(
        "symbol",
        `${symbol} is display only here: ${DISPLAY_ONLY_REASONS[symbol] ?? "no signer for it"}`,
      );
    return r;
  };

  async function entry(coin: (typeof COINS)[number]): Promise<CoinEntryAnswer> {
    const runner = deps.runners.get(coin.symbol);
    const faucet = FAUCETS[coin.symbol] ?? null;
    if (!runner) return displayEntry(coin, faucet);
    let standing: Standing;
    let info: RunnerInfo;
    try {
      [standing, info] = await Promise.all([runner.standing(), runner.info()]);
    } catch (err) {
      // A signer whose library does not load here: the coin says so, the others are still listed.
      return {
        ...displayEntry(coin, faucet),
        status: "UNAVAILABLE",
        level: "signed-offline",
        levelReason: `its signing library could not be loaded: ${(err as Error).message}`,
      };
    }
    const runs = standing.level !== "display-only";
    return {
      symbol: coin.symbol,
      name: coin.name,
      network: info.testnet.name,
      status: statusOf(standing),
      // Every result a runner returns carries our attestation.
      quantumSecured: runs,
      hasTestnet: true,
      hasFaucet: faucet !== null,
      faucet,
      category: coin.category,
      level: standing.level,
      levelReason: standing.reason,
      testnet: info.testnet,
      library: runs ? info.library : null,
      idRule: runs ? info.idRule : null,
      limits: runs ? info.limits : null,
      accounts: runs ? await accountsOf(runner) : null,
    };
  }

  async function supported(): Promise<SupportedResponse> {
    // One coin after another with a turn of the event loop between: a signer's first use loads its library, which
    // blocks the loop (up to 0.8 s); all at once blocked it for about 3 s and stalled every other request.
    const cryptocurrencies: CoinEntryAnswer[] = [];
    for (const coin of COINS) {
      cryptocurrencies.push(await entry(coin));
      await new Promise((r) => setImmediate(r));
    }
    const of = (c: (typeof COIN_CATEGORIES)[number]) => COINS.filter((x) => x.category === c).map((x) => x.symbol);
    return {
      cryptocurrencies,
      categories: {
        layer1: of("layer1"),
        layer2: of("layer2"),
        stablecoins: of("stablecoins"),
        platform: of("platform"),
        totalSupported: COINS.length,
      },
    };
  }

  async function ecosystemStatus(): Promise<EcosystemStatusResponse> {
    const entries = (await supported()).cryptocurrencies;
    const operational = entries.filter((e) => e.status === "OPERATIONAL").length;
    const health = Math.round((operational / entries.length) * 1000) / 10;
    const sample = await latestSamples();
    const count = (level: string) => entries.filter((e) => e.level === level).length;
    const countCat = (c: (typeof COIN_CATEGORIES)[number]) => COINS.filter((x) => x.category === c).length;
    return {
      totalCryptocurrencies: entries.length,
      operationalNetworks: operational,
      healthPercentage: health,
      ecosystemHealth: health >= 80 ? "healthy" : health >= 50 ? "degraded" : "down",
      healthRule: HEALTH_RULE,
      quantumSecuredCount: entries.filter((e) => e.quantumSecured).length,
      averageResponseTime: sample.length
        ? Math.round((sample.reduce((s, r) => s + r.ms, 0) / sample.length) * 10) / 10
        : null,
      responseSample: sample.length,
      levels: { live: count("live"), "signed-offline": count("signed-offline"), "display-only": count("display-only") },
      categories: {
        layer1: countCat("layer1"),
        layer2: countCat("layer2"),
        stablecoins: countCat("stablecoins"),
        platform: countCat("platform"),
        totalSupported: COINS.length,
      },
    };
  }

  async function record(row: typeof coinTestRuns.$inferInsert) {
    await deps.db.insert(coinTestRuns).values(row);
  }

  /** One test; `checked` amount and memo already passed the coin's rules. */
  async function runChecked(
    symbol: CoinSymbol,
    amount: string,
    memo: string | null,
    caller: string | null,
  ): Promise<TestTransactionResponse> {
    const runner = runnerOf(symbol);
    const coin = COINS.find((c) => c.symbol === symbol)!;
    const [standing, info] = await Promise.all([runner.standing(), runner.info()]);
    const started = performance.now();
    const at = now();
    let out;
    try {
      out = await runner.run(amount, memo);
    } catch (err) {
      const ms = performance.now() - started;
      await record({
        symbol,
        level: standing.level,
        source: "live",
        ok: false,
        ms,
        caller,
        error: errorOf(err).code,
        at,
      }).catch(() => undefined);
      throw err;
    }
    const elapsedMs = Math.round((performance.now() - started) * 10) / 10;
    const timestamp = at.toISOString();
    const attestation = deps.attestor.attest(
      attestationMessage({
        ledger: symbol,
        network: info.testnet.name,
        transactionHash: out.transactionHash,
        amount: `${out.amount} ${symbol}`,
        timestamp,
      }),
    );
    await record({
      symbol,
      level: standing.level,
      source: out.source,
      ok: true,
      ms: elapsedMs,
      transactionHash: out.transactionHash,
      caller,
      at,
    });
    const note =
      out.source === "live"
        ? `${out.amount} ${symbol} sent on ${info.testnet.name} and executed there: transaction ${out.transactionHash}`
        : `${out.amount} ${symbol} signed for ${info.testnet.name} with ${info.library.name} and never broadcast: ${out.reason ?? "no node reachable"}`;
    return {
      success: true,
      cryptocurrency: symbol,
      name: coin.name,
      network: info.testnet.name,
      level: standing.level,
      result: { ...out, note, attestation, library: info.library, idRule: info.idRule, elapsedMs },
      timestamp,
    };
  }

  async function testTransaction(
    symbol: CoinSymbol,
    body: { amount?: number | string; memo?: string | null },
    caller: string | null,
  ): Promise<TestTransactionResponse> {
    const { limits } = await runnerOf(symbol).info();
    const amount = checkAmount(body.amount, limits, symbol);
    const memo = checkMemo(body.memo, limits, symbol);
    return runChecked(symbol, amount, memo, caller);
  }

  async function bulkTest(
    body: { symbols: CoinSymbol[]; amount?: number | string; memo?: string | null },
    caller: string,
  ): Promise<BulkTestResponse> {
    if (bulkRunning.has(caller))
      throw new HttpError("CONFLICT", "a bulk test of yours is running: wait for its answer before starting another");
    bulkRunning.add(caller);
    const started = performance.now();
    try {
      const symbols = [...new Set(body.symbols)];
      const results: BulkTestResponse["results"] = {};
      let next = 0;
      const worker = async () => {
        while (next < symbols.length) {
          const symbol = symbols[next++]!;
          const runner = deps.runners.get(symbol);
          const level = runner ? (await runner.standing()).level : "display-only";
          try {
            // A coin whose transfer cannot carry a memo runs without it, and its result says so.
            const limits = runner ? (await runner.info()).limits : null;
            const dropMemo = limits !== null && limits.memoMaxBytes === null && !!body.memo;
            const answer = await testTransaction(symbol, dropMemo ? { ...body, memo: null } : body, caller);
            if (dropMemo) answer.result.assumptions.unshift(`The memo was not carried: ${limits.memoNote}.`);
            results[symbol] = { success: true, level, result: answer.result, error: null };
          } catch (err) {
            const e = errorOf(err);
            const details = err instanceof HttpError ? (err.options.issues?.[0]?.message ?? null) : null;
            results[symbol] = {
              success: false,
              level,
              result: null,
              error: { code: e.code, message: details ? `${e.message}: ${details}` : e.message },
            };
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(BULK_CONCURRENCY, symbols.length) }, worker));
      const successful = Object.values(results).filter((r) => r.success).length;
      const ordered = Object.fromEntries(symbols.map((s) => [s, results[s]!]));
      return {
        summary: {
          successful,
          failed: symbols.length - successful,
          successRate: Math.round((successful / symbols.length) * 1000) / 10,
          elapsedMs: Math.round(performance.now() - started),
          concurrency: BULK_CONCURRENCY,
        },
        results: ordered,
      };
    } finally {
      bulkRunning.delete(caller);
    }
  }

  async function verify(symbol: CoinSymbol, signedTransaction: string): Promise<VerifyResponse> {
    const runner = runnerOf(symbol);
    let decoded;
    try {
      decoded = await runner.decode(signedTransaction.trim());
    } catch (err) {
      if (err instanceof OfflineDecodeError)
        throw fieldError("signedTransaction", `is not a signed ${symbol} test transfer: ${err.message}`);
      throw err;
    }
    const { signatureValid, signatureNote, ...rest } = decoded;
    const info = await runner.info();
    return {
      cryptocurrency: symbol,
      network: info.testnet.name,
      library: info.library,
      decoded: rest,
      signatureValid,
      signatureNote,
    };
  }

  /** The latest RESPONSE_SAMPLE successful tests of each coin (one query), newest first. */
  async function latestSamples() {
    const ranked = deps.db
      .select({
        symbol: coinTestRuns.symbol,
        ms: coinTestRuns.ms,
        at: coinTestRuns.at,
        id: coinTestRuns.id,
        rank: sql<number>`row_number() over (partition by ${coinTestRuns.symbol} order by ${coinTestRuns.id} desc)`.as(
          "rank",
        ),
      })
      .from(coinTestRuns)
      .where(eq(coinTestRuns.ok, true))
      .as("ranked");
    return deps.db
      .select({ symbol: ranked.symbol, ms: ranked.ms, at: ranked.at })
      .from(ranked)
      .where(lte(ranked.rank, RESPONSE_SAMPLE))
      .orderBy(desc(ranked.id));
  }

  async function responseTimes(): Promise<ResponseTimesResponse> {
    const rows = await latestSamples();
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      coins: COINS.map(({ symbol }) => {
        const mine = rows.filter((r) => r.symbol === symbol);
        const ms = mine.map((r) => r.ms).sort((a, b) => a - b);
        const mid = ms.length >> 1;
        return {
          symbol,
          samples: ms.length,
          meanMs: ms.length ? round(ms.reduce((a, b) => a + b, 0) / ms.length) : null,
          medianMs: ms.length ? round(ms.length % 2 ? ms[mid]! : (ms[mid - 1]! + ms[mid]!) / 2) : null,
          lastAt: mine[0]?.at.toISOString() ?? null,
        };
      }),
    };
  }

  // Every 7th daily point and each file's last: 2,800 points were 100 KB an answer, parsed at every read.
  const pricesAnswer = (): PricesResponse["series"] =>
    [...loadPrices().values()].map((s) => ({
      ...s,
      points: s.points.filter(
        (p, i, all) => i % PRICE_EVERY_NTH_DAY === 0 || i === all.length - 1 || p.source !== all[i + 1]?.source,
      ),
    }));
  let weekly: PricesResponse["series"] | null = null;

  function prices(): PricesResponse {
    const series = (weekly ??= pricesAnswer());
    return {
      source: "snapshot",
      sources: [
        {
          id: "coingecko",
          description:
            "CoinGecko daily points (00:00 UTC, USD), 2024-06-09 to 2026-02-20 (XLM to 2025-06-07), from public GitHub archives of its market_chart API",
        },
        {
          id: "binance",
          description:
            "Binance spot daily closes (USDT, about USD), 2026-06-29 to 2026-09-28, from a public GitHub archive",
        },
      ],
      sampling: `every ${PRICE_EVERY_NTH_DAY}th daily point of each file, and the last point of each file`,
      series,
      unpriced: COINS.map((c) => c.symbol).filter((s) => !series.some((x) => x.symbol === s)),
    };
  }

  return { supported, ecosystemStatus, testTransaction, bulkTest, verify, responseTimes, prices };
}

export type CryptocurrencyService = ReturnType<typeof createCryptocurrencyService>;
