// The cryptocurrency feature's shapes: what the API accepts and answers (the dapp imports these types).
import { z } from "zod";
import { COIN_CATEGORIES, COIN_LEVELS, COIN_SYMBOLS } from "./cryptocurrency.constants";

export const coinSymbol = z.enum(COIN_SYMBOLS);
export const coinParams = z.strictObject({ symbol: coinSymbol });

/** An amount as the spec's form sends it (a number) or as text; its places and bounds are the coin's own rules. */
const amountInput = z.union([z.number().finite(), z.string().max(64)]);
const memoInput = z.string().max(1024).nullable().optional();

export const testTransactionRequest = z.strictObject({
  amount: amountInput.optional(),
  memo: memoInput,
});
export type TestTransactionRequest = z.infer<typeof testTransactionRequest>;

export const bulkTestRequest = z.strictObject({
  symbols: z.array(coinSymbol).min(1, "choose at least one coin").max(COIN_SYMBOLS.length),
  amount: amountInput.optional(),
  memo: memoInput,
});

export const verifyRequest = z.strictObject({
  signedTransaction: z.string().min(1).max(100_000),
});

const quantumAttestation = z.object({
  algorithm: z.literal("ML-DSA-65"),
  message: z.string(),
  signature: z.string(),
  publicKeyId: z.string(),
});

const coinLimits = z.object({
  decimals: z.number().int(),
  minAmount: z.string(),
  maxAmount: z.string(),
  memoMaxBytes: z.number().int().nullable(),
  memoNote: z.string(),
});

const testnet = z.object({
  name: z.string(),
  /** Chain id, genesis hash, passphrase or chain tag; null where the chain has none. */
  id: z.string().nullable(),
  idKind: z.string().nullable(),
});

const library = z.object({ name: z.string(), version: z.string().nullable() });

export const coinEntry = z.object({
  symbol: coinSymbol,
  name: z.string(),
  /** The testnet a test transaction targets, in words. */
  network: z.string(),
  /** OPERATIONAL only while the coin's level works now; DISPLAY_ONLY never runs; UNAVAILABLE says why in levelReason. */
  status: z.enum(["OPERATIONAL", "UNAVAILABLE", "DISPLAY_ONLY"]),
  /** A test transaction's result carries our ML-DSA-65 attestation (the coin's own signature stays classical). */
  quantumSecured: z.boolean(),
  hasTestnet: z.boolean(),
  hasFaucet: z.boolean(),
  faucet: z.object({ name: z.string(), url: z.string() }).nullable(),
  category: z.enum(COIN_CATEGORIES),
  level: z.enum(COIN_LEVELS),
  /** Why the coin is at its level, in words. */
  levelReason: z.string(),
  testnet,
  /** The library that signs its test transactions; null for display only. */
  library: library.nullable(),
  /** How its transaction id is computed; null for display only. */
  idRule: z.string().nullable(),
  limits: coinLimits.nullable(),
  /** Our test accounts on its testnet (sender and recipient); null for display only. */
  accounts: z.object({ from: z.string(), to: z.string() }).nullable(),
});
export type CoinEntryAnswer = z.infer<typeof coinEntry>;

export const supportedResponse = z.object({
  cryptocurrencies: z.array(coinEntry),
  categories: z.object({
    layer1: z.array(coinSymbol),
    layer2: z.array(coinSymbol),
    stablecoins: z.array(coinSymbol),
    platform: z.array(coinSymbol),
    totalSupported: z.number().int(),
  }),
});
export type SupportedResponse = z.infer<typeof supportedResponse>;

export const ecosystemStatusResponse = z.object({
  totalCryptocurrencies: z.number().int(),
  operationalNetworks: z.number().int(),
  healthPercentage: z.number(),
  ecosystemHealth: z.enum(["healthy", "degraded", "down"]),
  /** How the three figures above are computed. */
  healthRule: z.string(),
  quantumSecuredCount: z.number().int(),
  /** Mean wall time of the latest test transactions (per coin at most RESPONSE_SAMPLE), ms; null before any. */
  averageResponseTime: z.number().nullable(),
  responseSample: z.number().int(),
  levels: z.object({ live: z.number().int(), "signed-offline": z.number().int(), "display-only": z.number().int() }),
  categories: z.object({
    layer1: z.number().int(),
    layer2: z.number().int(),
    stablecoins: z.number().int(),
    platform: z.number().int(),
    totalSupported: z.number().int(),
  }),
});
export type EcosystemStatusResponse = z.infer<typeof ecosystemStatusResponse>;

export const testResult = z.object({
  /** In words: what happened and where. */
  note: z.string(),
  source: z.enum(["live", "simulated"]),
  /** Why it was not executed by a ledger; null when live. */
  reason: z.string().nullable(),
  signedTransaction: z.string(),
  encoding: z.enum(["hex", "base64"]),
  transactionHash: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.string(),
  fee: z.string().nullable(),
  feeUnit: z.string(),
  memo: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  ledgerIndex: z.number().int().nullable(),
  assumptions: z.array(z.string()),
  /** Our test account's top-ups before a live token transfer (transaction hashes). */
  topUps: z.array(z.string()),
  attestation: quantumAttestation,
  library: library,
  idRule: z.string(),
  /** Wall time of the whole test (build, sign, and submit and confirm when live), ms. */
  elapsedMs: z.number(),
});

export const testTransactionResponse = z.object({
  success: z.literal(true),
  cryptocurrency: coinSymbol,
  name: z.string(),
  network: z.string(),
  level: z.enum(COIN_LEVELS),
  result: testResult,
  timestamp: z.string(),
});
export type TestTransactionResponse = z.infer<typeof testTransactionResponse>;

const bulkEntry = z.object({
  success: z.boolean(),
  level: z.enum(COIN_LEVELS),
  /** The test's result when it succeeded. */
  result: testResult.nullable(),
  /** Why it failed, in words, with the error code. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});

export const bulkTestResponse = z.object({
  summary: z.object({
    successful: z.number().int(),
    failed: z.number().int(),
    /** successful ÷ tested × 100. */
    successRate: z.number(),
    elapsedMs: z.number(),
    concurrency: z.number().int(),
  }),
  results: z.record(z.string(), bulkEntry),
});
export type BulkTestResponse = z.infer<typeof bulkTestResponse>;

export const verifyResponse = z.object({
  cryptocurrency: coinSymbol,
  network: z.string(),
  library,
  decoded: z.object({
    transactionHash: z.string(),
    from: z.string().nullable(),
    to: z.string(),
    amount: z.string(),
    fee: z.string().nullable(),
    memo: z.string().nullable(),
  }),
  signatureValid: z.boolean().nullable(),
  signatureNote: z.string(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

const pricePoint = z.object({
  date: z.string(),
  usd: z.number(),
  source: z.enum(["coingecko", "binance"]),
});

export const pricesResponse = z.object({
  /** Always "snapshot": bundled dated readings; no price here is live. */
  source: z.literal("snapshot"),
  /** Where each file comes from, in words (api/data/prices/SOURCES.md). */
  sources: z.array(z.object({ id: z.enum(["coingecko", "binance"]), description: z.string() })),
  /** Which of the bundled daily points are served, in words (a chart needs no more; the answer stays small). */
  sampling: z.string(),
  series: z.array(z.object({ symbol: z.string(), points: z.array(pricePoint), latest: pricePoint.nullable() })),
  /** The coins no bundled file covers. */
  unpriced: z.array(coinSymbol),
});
export type PricesResponse = z.infer<typeof pricesResponse>;

export const responseTimesResponse = z.object({
  /** Per coin, the latest successful test transactions' wall time (ms), newest first, at most RESPONSE_SAMPLE. */
  coins: z.array(
    z.object({
      symbol: coinSymbol,
      samples: z.number().int(),
      meanMs: z.number().nullable(),
      medianMs: z.number().nullable(),
      lastAt: z.string().nullable(),
    }),
  ),
});
export type ResponseTimesResponse = z.infer<typeof responseTimesResponse>;
