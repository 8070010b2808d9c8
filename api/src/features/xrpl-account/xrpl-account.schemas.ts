// The HTTP contract of the xrpl-account feature: the user's own XRPL account (read, funded by the faucet)
// and the relay of a transaction the user signed in the browser. The API validates with these and the dapp
// takes its types from them.
import { z } from "zod";
import { XRPL_MAX_BLOB_CHARS } from "./xrpl-account.constants";

export * from "./xrpl-account.constants";

/** A classic address (r…, base58); its checksum is checked by the route. */
export const xrplAddress = z
  .string()
  .regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, "must be a classic XRPL address (r followed by 24-34 base58 characters)");
export const xrplAddressParams = z.strictObject({ address: xrplAddress });

/** A public lookup: a classic address or an X-address (checksum and network checked by the route). */
export const xrplLookupQuery = z.strictObject({
  address: z
    .string()
    .trim()
    .regex(
      /^(r[1-9A-HJ-NP-Za-km-z]{24,34}|[XT][1-9A-HJ-NP-Za-km-z]{46})$/,
      "must be a classic XRPL address (r followed by 24-34 base58 characters) or an X-address (X or T followed by 46)",
    ),
});

export const xrplFundRequest = z.strictObject({ address: xrplAddress });
export const xrplSubmitRequest = z.strictObject({
  txBlob: z
    .string({
      error: (iss) => (iss.input === undefined ? "is required" : "must be the signed transaction as hex text"),
    })
    .min(2, "must be the signed transaction as hex text")
    .max(XRPL_MAX_BLOB_CHARS, `must be at most ${XRPL_MAX_BLOB_CHARS} hex characters`)
    .regex(/^[0-9A-Fa-f]+$/, "must be the signed transaction as hex (0-9, A-F)"),
});

const source = z.enum(["live", "simulated"]);
const provenance = { source, reason: z.string().nullable() };

export const xrplServerStateSchema = z.object({
  validatedLedger: z.number().int(),
  baseReserveXrp: z.string(),
  ownerReserveXrp: z.string(),
  baseFeeDrops: z.string(),
  networkId: z.number().int().nullable(),
});

export const xrplAmountSchema = z.object({ value: z.string(), currency: z.string(), issuer: z.string().nullable() });

export const xrplTransactionSummarySchema = z.object({
  hash: z.string(),
  type: z.string(),
  result: z.string(),
  resultText: z.string(),
  ledgerIndex: z.number().int().nullable(),
  date: z.string().nullable(),
  amount: xrplAmountSchema.nullable(),
  account: z.string(),
  destination: z.string().nullable(),
  destinationTag: z.number().int().nullable(),
});

export const xrplAccountDetailsSchema = z.object({
  address: z.string(),
  balanceXrp: z.string(),
  sequence: z.number().int(),
  ownerCount: z.number().int(),
  reserves: z.object({ baseXrp: z.string(), ownerXrp: z.string(), totalXrp: z.string() }),
  /** Balance above the reserve: what the account can send or pay fees with. */
  spendableXrp: z.string(),
  trustLines: z.array(z.object({ currency: z.string(), issuer: z.string(), balance: z.string(), limit: z.string() })),
  recentTransactions: z.array(xrplTransactionSummarySchema),
  validatedLedger: z.number().int(),
  observed: z.enum(["rippled", "last-seen"]),
});

/** The transaction cost the page states: the node's (`fee` command) when live, else XRPL's reference cost, labelled. */
export const xrplFeeSchema = z.object({
  /** The base (reference) transaction cost, drops. */
  baseFeeDrops: z.string(),
  /** What gets a transaction into the open ledger now; null when not read. */
  openLedgerFeeDrops: z.string().nullable(),
  /** "ledger": read from the node now; "xrpl-default": the reference cost, the node not read. */
  source: z.enum(["ledger", "xrpl-default"]),
  /** The open ledger the figures are for; null when not read. */
  ledgerCurrentIndex: z.number().int().nullable(),
});

export const xrplNetworkResponse = z.object({
  network: z.literal("testnet"),
  ...provenance,
  /** The node probed (host:port). */
  endpoint: z.string(),
  /** The server wallet: issuer of XQB on XRPL. */
  serverAccount: z.string(),
  xqb: z.object({ currency: z.string(), issuer: z.string() }),
  /** From server_info; null when the ledger was never read (simulated from the start). */
  ledger: xrplServerStateSchema.nullable(),
  fee: xrplFeeSchema,
  /** LastLedgerSequence the page sets: validated ledger + this. */
  lastLedgerOffset: z.number().int(),
  faucet: z.boolean(),
  explorerBaseUrl: z.string(),
});

export const xrplAccountResponse = z.object({
  address: z.string(),
  ...provenance,
  /** false: the account is not on the ledger (fund it); null: unknown (simulated, never read). */
  exists: z.boolean().nullable(),
  account: xrplAccountDetailsSchema.nullable(),
});

export const xrplLookupResponse = z.object({
  /** The address as asked. */
  query: z.string(),
  /** The classic address read (an X-address decoded). */
  address: z.string(),
  /** The X-address asked, decoded: always test net (a main-net one is refused); null when a classic address was asked. */
  xAddress: z.object({ network: z.literal("test"), tag: z.number().int().nullable() }).nullable(),
  network: z.literal("testnet"),
  /** true: the ledger answered this lookup now; false: not reachable, so nothing about the account is known. */
  reachable: z.boolean(),
  /** false: well formed, not on the ledger (unfunded); null: unknown (not reachable). */
  exists: z.boolean().nullable(),
  /** null when unknown or the account does not exist: never a made-up balance. */
  balanceXrp: z.string().nullable(),
  sequence: z.number().int().nullable(),
  ownerCount: z.number().int().nullable(),
  reserveXrp: z.string().nullable(),
  trustLines: xrplAccountDetailsSchema.shape.trustLines.nullable(),
  /** What the lookup found, in words ("not reachable, balance unknown" when the ledger did not answer). */
  summary: z.string(),
  explorerUrl: z.string().nullable(),
  ...provenance,
});

export const xrplFundResponse = z.object({
  address: z.string(),
  ...provenance,
  funded: z.boolean(),
  alreadyExisted: z.boolean(),
  /** The account as read after funding (null when simulated or not visible yet). */
  account: xrplAccountDetailsSchema.nullable(),
});

export const xrplSubmitResponse = z.object({
  ...provenance,
  network: z.literal("testnet"),
  status: z.enum(["validated", "rejected", "expired", "pending", "not-submitted"]),
  transactionHash: z.string(),
  transactionType: z.string(),
  account: z.string(),
  engineResult: z.string().nullable(),
  engineResultText: z.string(),
  /** true only for tesSUCCESS in a validated ledger. */
  succeeded: z.boolean(),
  feeDrops: z.string(),
  feeXrp: z.string(),
  sequence: z.number().int(),
  lastLedgerSequence: z.number().int(),
  ledgerIndex: z.number().int().nullable(),
  validatedLedger: z.number().int().nullable(),
  explorerUrl: z.string().nullable(),
  assumptions: z.array(z.string()),
});

export type XrplNetworkResponse = z.infer<typeof xrplNetworkResponse>;
export type XrplAccountResponse = z.infer<typeof xrplAccountResponse>;
export type XrplAccountDetailsBody = z.infer<typeof xrplAccountDetailsSchema>;
export type XrplFundResponse = z.infer<typeof xrplFundResponse>;
export type XrplLookupResponse = z.infer<typeof xrplLookupResponse>;
export type XrplFee = z.infer<typeof xrplFeeSchema>;
export type XrplSubmitResponse = z.infer<typeof xrplSubmitResponse>;
export type XrplTransactionSummaryBody = z.infer<typeof xrplTransactionSummarySchema>;
