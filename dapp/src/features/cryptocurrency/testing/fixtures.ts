// The API's answers for the page's tests: the coins and the overview as captured from the local stack (parsed here
// with the API's own schemas, so a schema change fails the tests), and hand-made results of the same shapes.
import {
  bulkTestResponse,
  ecosystemStatusResponse,
  pricesResponse,
  responseTimesResponse,
  supportedResponse,
  testTransactionResponse,
  verifyResponse,
  type BulkTestResponse,
  type TestTransactionResponse,
} from "../../../../../api/src/features/cryptocurrency/cryptocurrency.schemas";
import captured from "./api-responses.json";

export const SUPPORTED = supportedResponse.parse(captured.supported);
export const ECOSYSTEM = ecosystemStatusResponse.parse(captured.ecosystemStatus);

export const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** GET auth/access with a signed-in wallet (the "wallet" gate admits it). */
export const SIGNED_IN_ACCESS = {
  mode: "open-loopback",
  openReason: "open: this server listens on this machine only",
  address: ALICE,
  operator: true,
  operatorBy: "open",
  operatorCount: 0,
} as const;

/** …and with nobody signed in. */
export const VISITOR_ACCESS = { ...SIGNED_IN_ACCESS, address: null } as const;

export const BTC_TXID = "9f2c" + "ab".repeat(30);
export const BTC_BYTES = "0200000000010" + "1f".repeat(120);

const coin = (symbol: string) => SUPPORTED.cryptocurrencies.find((c) => c.symbol === symbol)!;

export function btcResult(memo: string | null = "hello"): TestTransactionResponse {
  const btc = coin("BTC");
  return testTransactionResponse.parse({
    success: true,
    cryptocurrency: "BTC",
    name: "Bitcoin",
    network: btc.testnet.name,
    level: "signed-offline",
    timestamp: "2026-03-01T12:00:00.000Z",
    result: {
      note: `1 BTC signed for Bitcoin testnet4 with @scure/btc-signer and never broadcast: ${btc.levelReason}`,
      source: "simulated",
      reason: btc.levelReason,
      signedTransaction: BTC_BYTES,
      encoding: "hex",
      transactionHash: BTC_TXID,
      from: btc.accounts!.from,
      to: btc.accounts!.to,
      amount: "1",
      fee: "0.00000141",
      feeUnit: "BTC",
      memo,
      explorerUrl: null,
      ledgerIndex: null,
      assumptions: ["the input spends a made-up outpoint that exists on no chain"],
      topUps: [],
      attestation: {
        algorithm: "ML-DSA-65",
        message: `BTC|${BTC_TXID}`,
        signature: "aa".repeat(64),
        publicKeyId: "key-1a2b",
      },
      library: btc.library,
      idRule: btc.idRule,
      elapsedMs: 12.4,
    },
  });
}

export function btcVerified(over: { transactionHash?: string; signatureValid?: boolean | null } = {}) {
  const btc = coin("BTC");
  return verifyResponse.parse({
    cryptocurrency: "BTC",
    network: btc.testnet.name,
    library: btc.library,
    decoded: {
      transactionHash: over.transactionHash ?? BTC_TXID,
      from: btc.accounts!.from,
      to: btc.accounts!.to,
      amount: "1",
      fee: "0.00000141",
      memo: "hello",
    },
    signatureValid: over.signatureValid === undefined ? true : over.signatureValid,
    signatureNote: "each input's witness signature checked against the sender's key (BIP 143)",
  });
}

/** A Top 5 run: four signed or executed, ADA refused by the ledger. */
export function topFiveRun(): BulkTestResponse {
  const ok = (symbol: string, level: string, source: "live" | "simulated") => ({
    success: true,
    level,
    error: null,
    result: {
      ...btcResult(null).result,
      source,
      reason: source === "live" ? null : "no node reachable",
      transactionHash: `${symbol.toLowerCase()}-id-${"0".repeat(20)}`,
      explorerUrl: null,
    },
  });
  return bulkTestResponse.parse({
    summary: { successful: 4, failed: 1, successRate: 80, elapsedMs: 2345, concurrency: 3 },
    results: {
      XLM: ok("XLM", "signed-offline", "simulated"),
      ETH: ok("ETH", "live", "live"),
      BTC: ok("BTC", "signed-offline", "simulated"),
      XRP: ok("XRP", "signed-offline", "simulated"),
      ADA: {
        success: false,
        level: "signed-offline",
        result: null,
        error: { code: "LEDGER_UNAVAILABLE", message: "the ADA signer did not start" },
      },
    },
  });
}

export const PRICES = pricesResponse.parse({
  source: "snapshot",
  sources: [
    { id: "coingecko", description: "CoinGecko daily points (00:00 UTC, USD)" },
    { id: "binance", description: "Binance spot daily closes (USDT, about USD)" },
  ],
  sampling: "every 7th daily point of each file, and the last point of each file",
  series: [
    {
      symbol: "BTC",
      points: [
        { date: "2024-06-09", usd: 69315.1, source: "coingecko" },
        { date: "2024-06-10", usd: 69654.16, source: "coingecko" },
        { date: "2026-06-29", usd: 80000, source: "binance" },
        { date: "2026-06-30", usd: 83500.01, source: "binance" },
      ],
      latest: { date: "2026-06-30", usd: 83500.01, source: "binance" },
    },
    {
      symbol: "XLM",
      points: [
        { date: "2024-06-09", usd: 0.1, source: "coingecko" },
        { date: "2024-06-10", usd: 0.11, source: "coingecko" },
      ],
      latest: { date: "2024-06-10", usd: 0.11, source: "coingecko" },
    },
  ],
  unpriced: ["ADA", "SOL"],
});

export const RESPONSE_TIMES = responseTimesResponse.parse({
  coins: [
    { symbol: "BTC", samples: 3, meanMs: 12.4, medianMs: 11, lastAt: "2026-03-01T12:00:00.000Z" },
    { symbol: "ETH", samples: 0, meanMs: null, medianMs: null, lastAt: null },
  ],
});
