// The HTTP contract of the minting feature: request bodies (zod in) and responses (zod out).
// The API validates with these and the dapp's fetch hooks parse with them, so the two cannot drift.
import { z } from "zod";
import { UnsafeNumber, unsafeNumberMessage } from "../../shared/unsafe-number";

/**
 * A number as plain decimal text, exactly as JSON would print it: the shortest text that reads back as
 * the same double (so 0.1 + 0.2 is "0.30000000000000004", not a rounded guess) without exponent
 * notation (1e-7 is "0.0000001"). Amounts become wei, stroops or drops from this text.
 */
export function decimalText(n: number): string {
  const text = String(n);
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign = "", int = "", frac = "", exp = "0"] = m;
  const digits = int + frac;
  const point = int.length + Number(exp);
  if (point <= 0) return `${sign}0.${"0".repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${"0".repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
export const decimalPlaces = (n: number): number => decimalText(n).split(".")[1]?.length ?? 0;

/**
 * A JSON number that is finite and > 0 and has no more decimals than the ledger's unit holds, with
 * readable messages for each way it can be wrong.
 */
const positiveAmount = (unit: string, min: number, max: number, maxDecimals: number) =>
  z
    .number({
      error: (iss) =>
        iss.input === undefined
          ? "is required"
          : // The body parser keeps 1e400 or 99.99999999999999999999999 as their text, never a rounded double.
            iss.input instanceof UnsafeNumber
            ? unsafeNumberMessage(iss.input, unit)
            : typeof iss.input === "number"
              ? `must be a finite number of ${unit} (got ${iss.input})`
              : `must be a number of ${unit}`,
    })
    // abort: a negative or zero amount gets one message, not also "at least the minimum".
    .gt(0, { error: `must be greater than 0 ${unit}`, abort: true })
    .gte(min, `must be at least ${decimalText(min)} ${unit}`)
    .lte(max, `must be at most ${decimalText(max)} ${unit}`)
    .refine(
      (n) => decimalPlaces(n) <= maxDecimals,
      `must have at most ${maxDecimals} decimal places (${unit} precision)`,
    );

export const ethAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
export const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");

/** Limits the API enforces; the contract's own minimum deposit is 0.0001 ETH. */
export const MINT_LIMITS = {
  eth: { min: 0.0001, max: 100, decimals: 18 },
  xlm: { min: 0.0000001, max: 10_000, decimals: 7 },
  xrp: { min: 0.000001, max: 100_000, decimals: 6 },
} as const;
export const VIBE_PER_XLM = 50;

export const ethMintRequest = z.strictObject({
  ethAmount: positiveAmount("ETH", MINT_LIMITS.eth.min, MINT_LIMITS.eth.max, MINT_LIMITS.eth.decimals),
  stablecoinPair: z.literal("XQBUSD"),
  network: z.enum(["hardhat", "sepolia"]),
  quantumSecurity: z.boolean(),
  /** Who receives the tokens; the server account when absent. */
  recipient: ethAddress.optional(),
});
export type EthMintRequestBody = z.infer<typeof ethMintRequest>;

/** A mint the browser wallet signed and sent; the API reads it back from the chain before recording it. */
export const walletMintRequest = z.strictObject({
  transactionHash: txHash,
  network: z.enum(["hardhat", "sepolia"]),
  quantumSecurity: z.boolean(),
});
export type WalletMintRequestBody = z.infer<typeof walletMintRequest>;

export const stellarMintRequest = z.strictObject({
  xlmAmount: positiveAmount("XLM", MINT_LIMITS.xlm.min, MINT_LIMITS.xlm.max, MINT_LIMITS.xlm.decimals),
  tokenType: z.literal("VIBE"),
  network: z.literal("testnet"),
  environmentalAction: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,27}$/, "must be a lower-case identifier of at most 28 characters (e.g. tree_planting)"),
  quantumSecurity: z.boolean(),
});
export type StellarMintRequestBody = z.infer<typeof stellarMintRequest>;

export const xrpVolumeRequest = z.strictObject({
  xrpAmount: positiveAmount("XRP", MINT_LIMITS.xrp.min, MINT_LIMITS.xrp.max, MINT_LIMITS.xrp.decimals),
  testType: z.literal("volume"),
  network: z.literal("testnet"),
  quantumSecurity: z.boolean(),
  governmentNode: z.boolean(),
});
export type XrpVolumeRequestBody = z.infer<typeof xrpVolumeRequest>;

/** An opaque position in history: the last record of the previous page. */
export const historyCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, "must be a cursor from a previous page's nextCursor");

export const historyQuery = z.strictObject({
  limit: z.coerce.number().int("must be a whole number").min(1).max(100).default(20),
  cursor: historyCursor.optional(),
});

// ---- responses ----------------------------------------------------------------------------------------

/** An ML-DSA-65 (FIPS 204) signature by the server over the record's canonical message. */
export const quantumAttestation = z.object({
  algorithm: z.literal("ML-DSA-65"),
  /** The exact text that was signed. */
  message: z.string(),
  /** base64 */
  signature: z.string(),
  /** sha256 (hex) of the public key served at GET /api/unified/attestation-key */
  publicKeyId: z.string(),
});

const mintRecordBase = z.object({
  id: z.string(),
  success: z.literal(true),
  ledger: z.enum(["ethereum", "stellar", "xrpl"]),
  source: z.enum(["live", "simulated"]),
  /** Why it is simulated; null when live. */
  reason: z.string().nullable(),
  network: z.string(),
  transactionHash: z.string(),
  signedTransaction: z.string().nullable(),
  ledgerIndex: z.number().int().nullable(),
  explorerUrl: z.string().nullable(),
  signer: z.string(),
  /** Human text of what was minted, e.g. "30 XQB + 20 XQBUSD". */
  amount: z.string(),
  quantumSecured: z.boolean(),
  quantumAttestation: quantumAttestation.nullable(),
  /** No government validator exists on these networks; always false, kept because the spec names it. */
  governmentValidated: z.literal(false),
  /** What a simulated transaction took for granted (fees, nonce, amounts it could not read); [] when live. */
  assumptions: z.array(z.string()).default([]),
  timestamp: z.string(),
});

export const ethMintRecord = mintRecordBase.extend({
  ledger: z.literal("ethereum"),
  kind: z.literal("eth-mint"),
  ethAmount: z.string(),
  /** null when a simulated mint could not ask the chain what it would mint (see assumptions). */
  xqbAmount: z.number().nullable(),
  xqbusdAmount: z.number().nullable(),
  recipient: z.string(),
  /** Who signed the mint transaction: the API's server account or the connected browser wallet. */
  signedBy: z.enum(["server", "wallet"]),
});
export const stellarMintRecord = mintRecordBase.extend({
  ledger: z.literal("stellar"),
  kind: z.literal("stellar-mint"),
  xlmAmount: z.string(),
  vibeCoinsAmount: z.number(),
  environmentalAction: z.string(),
  /** No satellite verification exists; always false. */
  satelliteVerified: z.literal(false),
});
export const xrpVolumeRecord = mintRecordBase.extend({
  ledger: z.literal("xrpl"),
  kind: z.literal("xrp-volume"),
  processedAmount: z.number(),
  destination: z.string(),
});

export const mintRecord = z.discriminatedUnion("kind", [ethMintRecord, stellarMintRecord, xrpVolumeRecord]);
export type EthMintRecord = z.infer<typeof ethMintRecord>;
export type StellarMintRecord = z.infer<typeof stellarMintRecord>;
export type XrpVolumeRecord = z.infer<typeof xrpVolumeRecord>;
export type MintRecord = z.infer<typeof mintRecord>;

/**
 * A stored record as history lists it, with whether its transaction is still on the chain the API talks
 * to now: true or false for a live EVM record whose block the node was asked about (false: the block is
 * gone, as after a restart of the local node; the record is from an earlier run of the chain); null when
 * nothing can be said (simulated, no block recorded, another ledger, or the node is down).
 */
export const mintHistoryEntry = z.intersection(mintRecord, z.object({ onCurrentChain: z.boolean().nullable() }));
export type MintHistoryEntry = z.infer<typeof mintHistoryEntry>;

/** GET /api/minting/rates: the minter's rules as the chain says them now, and the feature's own rules. */
export const mintingRatesResponse = z.object({
  ethereum: z.object({
    /** "chain": read from XQBMinter now; "unavailable": the chain could not be read (reason says why). */
    source: z.enum(["chain", "unavailable"]),
    reason: z.string().nullable(),
    network: z.string(),
    minter: z.string().nullable(),
    xqbPerEth: z.number().nullable(),
    /** At the feed's price now, capped by the collateral ratio. */
    xqbusdPerEth: z.number().nullable(),
    collateralRatioPercent: z.number().nullable(),
    minDepositEth: z.string().nullable(),
    ethUsdPrice: z.number().nullable(),
  }),
  /** The VIBE issuer's rule (this feature issues VIBE; no contract holds it). */
  stellar: z.object({ vibePerXlm: z.number() }),
  /** What the API accepts for each amount (the ledgers' precision and the API's own bounds). */
  limits: z.object({
    eth: z.object({ min: z.number(), max: z.number(), decimals: z.number() }),
    xlm: z.object({ min: z.number(), max: z.number(), decimals: z.number() }),
    xrp: z.object({ min: z.number(), max: z.number(), decimals: z.number() }),
  }),
});
export type MintingRatesResponse = z.infer<typeof mintingRatesResponse>;

export const mintHistoryResponse = z.object({
  mints: z.array(mintHistoryEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type MintHistoryResponse = z.infer<typeof mintHistoryResponse>;

/** Every error body the API sends (one shape, with a machine-readable code). */
export { apiError, type ApiError, type ErrorCode } from "../../http/error-body";
