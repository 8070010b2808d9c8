// The testnet operations feature's shapes (the spec's fields, plus what makes each figure checkable); the dapp
// imports these types.
import { isAddress } from "viem";
import { z } from "zod";
import { MULTI_CRYPTO_COINS, STELLAR_MEMO_MAX_BYTES, VIBE_MINT } from "./testnet-operations.constants";

export * from "./testnet-operations.constants";

// ---- government figures -------------------------------------------------------------------------------------

export const governmentFigure = z.object({
  key: z.string(),
  /** The publisher's id (FRED / EIA series, or the Fiscal Data dataset and field). */
  seriesId: z.string(),
  title: z.string(),
  units: z.string(),
  publisher: z.string(),
  value: z.number(),
  /** The observation's own date (the period it refers to), ISO. */
  asOf: z.string(),
  source: z.enum(["live", "snapshot"]),
  note: z.string(),
  derivation: z.string().nullable(),
});
export type GovernmentFigure = z.infer<typeof governmentFigure>;

export const governmentSourceState = z.object({
  source: z.enum(["fred", "fiscal-data", "eia"]),
  name: z.string(),
  live: z.enum(["live", "disabled", "failed", "not-tried"]),
  reason: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  latencyMs: z.number().nullable(),
});

/** Which fields had neither a live value nor a bundled row, and the spec's message then (else empty and null). */
const missingParts = {
  missing: z.array(z.object({ field: z.string(), reason: z.string() })),
  message: z.string().nullable(),
  sources: z.array(governmentSourceState),
  fetchedAt: z.string(),
};

export const governmentDataResponse = z.object({
  federalReserve: z.object({
    gdp: governmentFigure.nullable(),
    unemployment: governmentFigure.nullable(),
    inflation: governmentFigure.nullable(),
  }),
  treasury: z.object({ publicDebt: governmentFigure.nullable(), balance: governmentFigure.nullable() }),
  eia: z.object({ crudeOilPrice: governmentFigure.nullable(), naturalGasPrice: governmentFigure.nullable() }),
  ...missingParts,
});
export type GovernmentDataResponse = z.infer<typeof governmentDataResponse>;

export const comprehensiveDataResponse = z.object({
  data: z.object({
    economic: z.object({
      federalFundsRate: governmentFigure.nullable(),
      /** GDP in billions of USD (seasonally adjusted annual rate). */
      gdp: governmentFigure.nullable(),
      unemployment: governmentFigure.nullable(),
    }),
    treasury: z.object({
      nationalDebt: governmentFigure.nullable(),
      bondYields: z.object({ tenYear: governmentFigure.nullable() }),
    }),
  }),
  ...missingParts,
});
export type ComprehensiveDataResponse = z.infer<typeof comprehensiveDataResponse>;

export const treasuryHealthResponse = z.object({
  /** OPERATIONAL when Fiscal Data answered the latest probe; UNREACHABLE otherwise. */
  status: z.enum(["OPERATIONAL", "UNREACHABLE"]),
  rule: z.string(),
  endpoints: z.object({
    fiscalData: z.object({
      /** Host only. */
      endpoint: z.string(),
      ok: z.boolean(),
      latencyMs: z.number().nullable(),
      checkedAt: z.string(),
      lastSuccessAt: z.string().nullable(),
      error: z.string().nullable(),
    }),
  }),
  /** What the Treasury figures fall back to while it is unreachable (the bundled file's newest date). */
  fallback: z.string().nullable(),
});
export type TreasuryHealthResponse = z.infer<typeof treasuryHealthResponse>;

const frameworkStatus = z.enum(["VALIDATED", "PARTIAL", "NOT_VALIDATED", "NOT_ASSESSED"]);
const complianceCheck = z.object({
  id: z.string(),
  rule: z.string(),
  source: z.string(),
  measured: z.string(),
  met: z.boolean(),
});

export const complianceValidateResponse = z.object({
  /** VALIDATED only when every framework is VALIDATED; a framework not assessed keeps it PARTIAL at best. */
  status: frameworkStatus,
  rule: z.string(),
  frameworks: z.object({
    geniusAct: z.object({
      status: frameworkStatus,
      rulesMet: z.number().int(),
      rulesTotal: z.number().int(),
      checks: z.array(complianceCheck),
      /** live: read from the chain now; simulated: nothing could be read (the reason). */
      source: z.enum(["live", "simulated"]),
      reason: z.string().nullable(),
      blockNumber: z.string().nullable(),
      disclaimer: z.string(),
    }),
    iso20022: z.object({ status: frameworkStatus, reason: z.string() }),
    quantumSecurity: z.object({
      status: frameworkStatus,
      rule: z.string(),
      checks: z.array(complianceCheck),
    }),
  }),
  checkedAt: z.string(),
});
export type ComplianceValidateResponse = z.infer<typeof complianceValidateResponse>;

// ---- Stellar payment ----------------------------------------------------------------------------------------

const amountInput = z.union([z.number().finite(), z.string().max(64)]);
const byteLength = (s: string) => new TextEncoder().encode(s).length;
const stellarMemo = z
  .string()
  .refine(
    (m) => byteLength(m) <= STELLAR_MEMO_MAX_BYTES,
    `at most ${STELLAR_MEMO_MAX_BYTES} bytes (Stellar's text memo)`,
  )
  .nullable()
  .optional();

/** /real-testnet-operations sends xlmAmount; /authentic-testnet-dashboard sends amount. */
export const realTestnetStellarRequest = z.strictObject({ xlmAmount: amountInput, memo: stellarMemo });
export const testnetStellarRequest = z.strictObject({ amount: amountInput, memo: stellarMemo });

const quantumAttestation = z.object({
  algorithm: z.literal("ML-DSA-65"),
  message: z.string(),
  signature: z.string(),
  publicKeyId: z.string(),
});

export const stellarTransactionResponse = z.object({
  success: z.literal(true),
  /** Our testnet account that paid. */
  sourceAccount: z.string(),
  destination: z.string(),
  network: z.string(),
  /** XLM, text. */
  amount: z.string(),
  memo: z.string().nullable(),
  transactionHash: z.string(),
  /** The explorer page, only when the testnet executed it. */
  transactionUrl: z.string().nullable(),
  source: z.enum(["live", "simulated"]),
  reason: z.string().nullable(),
  /** The signed envelope (base64 XDR): check it with POST verifyPath or any Stellar library. */
  signedTransaction: z.string(),
  verifyPath: z.string(),
  note: z.string(),
  attestation: quantumAttestation,
  elapsedMs: z.number(),
  timestamp: z.string(),
});
export type StellarTransactionResponse = z.infer<typeof stellarTransactionResponse>;

// ---- multi-crypto test and assets ---------------------------------------------------------------------------

export const multiCryptoCoin = z.enum(MULTI_CRYPTO_COINS);
export const multiCryptoRequest = z.strictObject({
  selectedCryptos: z
    .array(multiCryptoCoin)
    .min(1, "choose at least one coin")
    .max(MULTI_CRYPTO_COINS.length)
    .optional(),
});

const coinLevel = z.enum(["live", "signed-offline", "display-only"]);

export const multiCryptoResponse = z.object({
  testedCurrencies: z.array(z.string()),
  /** successful ÷ tested × 100, one decimal. */
  successRate: z.number(),
  /** Test transactions attempted (one per coin). */
  totalOperations: z.number().int(),
  successful: z.number().int(),
  failed: z.number().int(),
  results: z.array(
    z.object({
      symbol: z.string(),
      level: coinLevel,
      success: z.boolean(),
      network: z.string().nullable(),
      source: z.enum(["live", "simulated"]).nullable(),
      reason: z.string().nullable(),
      transactionHash: z.string().nullable(),
      explorerUrl: z.string().nullable(),
      note: z.string().nullable(),
      error: z.string().nullable(),
      elapsedMs: z.number().nullable(),
    }),
  ),
  elapsedMs: z.number(),
});
export type MultiCryptoResponse = z.infer<typeof multiCryptoResponse>;

export const supportedAssetsResponse = z.object({
  assets: z.record(
    z.string(),
    z.object({
      symbol: z.string(),
      name: z.string(),
      category: z.string(),
      network: z.string(),
      status: z.string(),
      level: coinLevel,
      levelReason: z.string(),
      hasTestnet: z.boolean(),
      hasFaucet: z.boolean(),
      testnetId: z.string().nullable(),
      testnetIdKind: z.string().nullable(),
    }),
  ),
  totalAssets: z.number().int(),
  levels: z.object({ live: z.number().int(), "signed-offline": z.number().int(), "display-only": z.number().int() }),
});
export type SupportedAssetsResponse = z.infer<typeof supportedAssetsResponse>;

// ---- VibeCoins ------------------------------------------------------------------------------------------------

export const vibeAnalyticsResponse = z.object({
  analytics: z.object({
    /** ETH owned by the pools' share holders, summed, text. */
    totalETHStaked: z.string(),
    totalPools: z.number().int(),
    /** The pools' APYs averaged, weighted by what each holds (percent); null when nothing is staked. */
    averageAPY: z.number().nullable(),
    averageRule: z.string(),
    pools: z.array(
      z.object({ token: z.string(), name: z.string(), totalStaked: z.string(), apy: z.number(), status: z.string() }),
    ),
    environmentalImpact: z.object({
      /** Tonnes of CO2 offset; null unless recorded actions carry a measure (the reason says why not). */
      co2Offset: z.number().nullable(),
      reason: z.string(),
      recordedActions: z.number().int(),
    }),
  }),
  asOfBlock: z.string(),
  network: z.string(),
  source: z.enum(["live", "simulated"]),
  reason: z.string().nullable(),
});
export type VibeAnalyticsResponse = z.infer<typeof vibeAnalyticsResponse>;

const evmAddress = z.string().refine((a) => isAddress(a, { strict: false }), "must be a 0x address (40 hex digits)");

export const vibeMintRequest = z.strictObject({
  recipientAddress: evmAddress,
  amount: z.union([
    z.number().finite(),
    z
      .string()
      .max(32)
      .regex(/^\d+(\.\d{1,18})?$/, "must be a number"),
  ]),
  environmentalProject: z.string().trim().min(1, "name the project").max(120, "at most 120 characters"),
  /** The EVM network the API serves ("ethereum" names it too); another is refused, not pretended. */
  network: z.string().max(40),
});

export const vibeMintResponse = z.object({
  amount: z.string(),
  recipient: z.string(),
  transactionHash: z.string(),
  network: z.string(),
  /** True when the result carries our ML-DSA-65 attestation (the chain's own signature stays ECDSA). */
  quantumSecured: z.boolean(),
  attestation: quantumAttestation,
  explorerUrl: z.string().nullable(),
  blockNumber: z.string().nullable(),
  environmentalProject: z.string(),
  source: z.enum(["live", "simulated"]),
  reason: z.string().nullable(),
  assumptions: z.array(z.string()),
});
export type VibeMintResponse = z.infer<typeof vibeMintResponse>;

export const VIBE_MINT_RULE = `A signed-in wallet mints to itself, at most ${VIBE_MINT.walletMax} VIBE and once an hour (the VIBE reward's slot); an operator mints to anyone, at most ${VIBE_MINT.operatorMax} VIBE.`;

// ---- what this product runs ---------------------------------------------------------------------------------

export const realOperationsResponse = z.object({
  operations: z.object({
    /** Testnets a test transaction targets here (the ledgers we reach and the coins' testnets). */
    supportedNetworks: z.number().int(),
    authenticBlockchains: z.array(
      z.object({ name: z.string(), network: z.string(), level: coinLevel, reason: z.string() }),
    ),
    quantumSecurity: z.object({
      algorithms: z.array(z.object({ name: z.string(), standard: z.string(), use: z.string() })),
      note: z.string(),
    }),
    realTransactionCapabilities: z.record(
      z.string(),
      z.object({
        network: z.string(),
        status: z.enum(["LIVE", "UNAVAILABLE", "SIGNED_OFFLINE", "DISPLAY_ONLY"]),
        reason: z.string().nullable(),
        measuredAt: z.string(),
      }),
    ),
  }),
  timestamp: z.string(),
});
export type RealOperationsResponse = z.infer<typeof realOperationsResponse>;
