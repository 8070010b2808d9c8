// The HTTP contract of the stellar-account feature (the /stellar-key-input page): the network the page signs
// for, an account with its reserves, friendbot funding and the relay of a user-signed envelope. Amounts are
// decimal text with 7 decimals at most, never floating-point numbers. No schema here ever holds a secret:
// keys stay in the browser; the API sees public keys and signed envelopes only.
import { z } from "zod";
import { SECRET_IN_BODY_MESSAGE, STELLAR_ASSET_CODES } from "./stellar-account.constants";
import { checkStrKey, findStellarSecret } from "./stellar-account.strkey";

export * from "./stellar-account.constants";
export * from "./stellar-account.strkey";

/** A G… account id with a valid StrKey checksum; a bad one is refused with the reason in words. */
export const stellarPublicKey = z
  .string()
  .superRefine((key, ctx) => {
    // A secret pasted where a public key goes (a path parameter has no body to refuse): said first, never echoed.
    if (checkStrKey(key, "S").ok) return void ctx.addIssue({ code: "custom", message: SECRET_IN_BODY_MESSAGE });
    const check = checkStrKey(key, "G");
    if (!check.ok && /^G[A-Z2-7]{55}$/.test(key)) ctx.addIssue({ code: "custom", message: check.reason });
  })
  .regex(/^G[A-Z2-7]{55}$/, "must be a Stellar public key: G followed by 55 characters A-Z, 2-7");

/**
 * A request body that carries a Stellar secret anywhere (any key name, any depth) is refused before anything
 * else reads it, naming where it was and never echoing it.
 */
function refusingSecrets<S extends z.ZodType>(schema: S) {
  // Typed by what a caller sends (the request's input), though any value reaches the check.
  return z.preprocess<unknown, S, z.input<S>>((value, ctx) => {
    const where = findStellarSecret(value);
    if (where === null) return value;
    ctx.addIssue({ code: "custom", message: SECRET_IN_BODY_MESSAGE, path: where ? where.split(".") : [] });
    return z.NEVER;
  }, schema);
}

const amount = z.string().regex(/^\d+(\.\d{1,7})?$/, "must be a decimal amount with at most 7 decimals");
const provenance = {
  source: z.enum(["live", "simulated"]),
  /** Why it is simulated; null when live. */
  reason: z.string().nullable(),
};

export const stellarAssetInfo = z.object({
  code: z.enum(STELLAR_ASSET_CODES),
  issuer: stellarPublicKey,
  /** What the asset is, in words. */
  description: z.string(),
});
export type StellarAssetInfo = z.infer<typeof stellarAssetInfo>;

export const stellarNetworkResponse = z.object({
  network: z.literal("testnet"),
  networkPassphrase: z.string(),
  /** Stroops per operation: Horizon's fee_stats last ledger base fee when live, else the SDK's BASE_FEE. */
  baseFeeStroops: z.string(),
  /** Where baseFeeStroops comes from: read from Horizon now, or the SDK's default (Horizon not reached). */
  baseFeeSource: z.enum(["horizon-fee-stats", "sdk-default"]),
  /** The ledger whose base fee it is; null for the SDK's default. */
  baseFeeLedger: z.number().int().nullable(),
  /** The latest ledger's base reserve in XLM; null when it could not be read (simulated, never read). */
  baseReserveXlm: z.string().nullable(),
  assets: z.object({ VIBE: stellarAssetInfo, XQB: stellarAssetInfo }),
  /** The server account (issuer of XQB on Stellar). */
  serverAccount: stellarPublicKey,
  horizonEndpoint: z.string(),
  friendbotAvailable: z.boolean(),
  ...provenance,
});
export type StellarNetworkResponse = z.infer<typeof stellarNetworkResponse>;

export const stellarBalance = z.object({
  /** "native" for XLM, else credit_alphanum4 / credit_alphanum12 / liquidity_pool_shares. */
  assetType: z.string(),
  assetCode: z.string().nullable(),
  assetIssuer: z.string().nullable(),
  balance: amount,
  /** The trustline's limit; null for XLM. */
  limit: amount.nullable(),
});
export type StellarBalanceView = z.infer<typeof stellarBalance>;

export const stellarAccountParams = z.strictObject({ publicKey: stellarPublicKey });

export const stellarAccountResponse = z.object({
  publicKey: stellarPublicKey,
  /** false: the account is not on the ledger yet (fund it with friendbot); null: unknown (simulated, never read). */
  exists: z.boolean().nullable(),
  /** int64 sequence as decimal text; the next transaction uses sequence + 1. */
  sequence: z.string().nullable(),
  balances: z.array(stellarBalance),
  subentryCount: z.number().int().nullable(),
  numSponsoring: z.number().int().nullable(),
  numSponsored: z.number().int().nullable(),
  baseReserveXlm: amount.nullable(),
  /** (2 + subentries + sponsoring - sponsored) x base reserve. */
  minimumBalanceXlm: amount.nullable(),
  /** "horizon": read now; "last-seen": as last read before Horizon became unreachable; "none": never read. */
  observed: z.enum(["horizon", "last-seen", "none"]),
  explorerUrl: z.string().url().nullable(),
  ...provenance,
});
export type StellarAccountResponse = z.infer<typeof stellarAccountResponse>;

/** A public lookup: any account by its public key (G…), no key of the caller's involved. */
export const stellarLookupQuery = z.strictObject({ address: stellarPublicKey });

export const stellarLookupResponse = z.object({
  address: stellarPublicKey,
  network: z.literal("testnet"),
  /** true: Horizon answered this lookup now; false: not reachable, so nothing about the account is known. */
  reachable: z.boolean(),
  /** false: a well-formed key the ledger does not know (unfunded); null: unknown (not reachable). */
  exists: z.boolean().nullable(),
  sequence: z.string().nullable(),
  /** XLM and every trustline with its balance and limit; null when unknown (never a made-up balance). */
  balances: z.array(stellarBalance).nullable(),
  subentryCount: z.number().int().nullable(),
  minimumBalanceXlm: amount.nullable(),
  /** What the lookup found, in words ("not reachable, balance unknown" when Horizon did not answer). */
  summary: z.string(),
  explorerUrl: z.string().url().nullable(),
  ...provenance,
});
export type StellarLookupResponse = z.infer<typeof stellarLookupResponse>;

export const stellarFundRequest = refusingSecrets(z.strictObject({ publicKey: stellarPublicKey }));
export type StellarFundRequest = z.infer<typeof stellarFundRequest>;

export const stellarFundResponse = z.object({
  publicKey: stellarPublicKey,
  funded: z.boolean(),
  alreadyExisted: z.boolean(),
  /** What happened, in words. */
  message: z.string(),
  ...provenance,
});
export type StellarFundResponse = z.infer<typeof stellarFundResponse>;

export const stellarSubmitRequest = refusingSecrets(
  z.strictObject({
    /** A signed transaction envelope, base64 XDR, signed in the browser. */
    envelopeXdr: z
      .string()
      .min(1, "must be a signed transaction envelope (base64 XDR)")
      .max(100_000, "is too long for a transaction envelope")
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64 XDR (A-Z, a-z, 0-9, +, /, = padding)"),
  }),
);
export type StellarSubmitRequest = z.infer<typeof stellarSubmitRequest>;

export const stellarSubmitResponse = z.object({
  transactionHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The envelope's source account (the signer). */
  sourceAccount: stellarPublicKey,
  sequence: z.string(),
  /** The ledger that included it; null when simulated or not closed within the request's budget. */
  ledger: z.number().int().nullable(),
  explorerUrl: z.string().url().nullable(),
  /** What a simulated result took for granted; empty when live. */
  assumptions: z.array(z.string()),
  ...provenance,
});
export type StellarSubmitResponse = z.infer<typeof stellarSubmitResponse>;
