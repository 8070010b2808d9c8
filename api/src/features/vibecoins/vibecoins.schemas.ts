// The HTTP contract of the vibecoins feature (VIBE rewards, VIBE/XQB burns, supplies on each ledger):
// request bodies (zod in) and responses (zod out). The dapp's hooks are typed by these.
import { z } from "zod";
import { VIBECOINS_TOKENS, vibecoinsAmountProblem } from "./vibecoins.constants";

export * from "./vibecoins.constants";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");
const provenance = {
  source: z.enum(["live", "simulated"]),
  /** Why it is simulated or could not be read; null when live. */
  reason: z.string().nullable(),
};
/** Whole tokens as decimal text (never a float): "100", "0.5". */
const tokenAmount = z.string().regex(/^\d+(\.\d+)?$/);

// ---- requests -------------------------------------------------------------------------------------------

export const vibecoinsBurnRequest = z.strictObject({
  /** A transaction the wallet sent (VibeCoin.burn / XQBToken.burn, or burnFrom). */
  transactionHash: hash,
});
export type VibecoinsBurnRequest = z.infer<typeof vibecoinsBurnRequest>;

export const vibecoinsHistoryQuery = z.strictObject({ address });
export type VibecoinsHistoryQuery = z.infer<typeof vibecoinsHistoryQuery>;

// ---- responses ------------------------------------------------------------------------------------------

/** One token's supply on one ledger, as that ledger answered it (amount null when it could not be read). */
export const vibecoinsSupply = z.object({
  ledger: z.enum(["ethereum", "stellar"]),
  token: z.enum(VIBECOINS_TOKENS),
  network: z.string(),
  /** The contract (EVM) or the issuer account (Stellar). */
  issuer: z.string(),
  amount: tokenAmount.nullable(),
  /** Stellar: accounts holding it; null on the EVM (a total supply says nothing about holders). */
  holders: z.number().int().nullable(),
  /** EVM: the block the supply was read at. */
  blockNumber: z.string().nullable(),
  ...provenance,
});
export type VibecoinsSupply = z.infer<typeof vibecoinsSupply>;

export const vibecoinsSuppliesResponse = z.object({
  supplies: z.array(vibecoinsSupply),
  readAt: z.string(),
});
export type VibecoinsSuppliesResponse = z.infer<typeof vibecoinsSuppliesResponse>;

export const vibecoinsRewardResponse = z.object({
  token: z.literal("VIBE"),
  amount: tokenAmount,
  recipient: address,
  transactionHash: hash,
  /** Null when simulated, or not mined within the wait. */
  blockNumber: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  /** VibeCoin.totalSupply at block-1 and at the block; null when there is no block. */
  supplyBefore: tokenAmount.nullable(),
  supplyAfter: tokenAmount.nullable(),
  /** When this wallet may have its next reward (ISO). */
  nextRewardAt: z.string(),
  assumptions: z.array(z.string()),
  ...provenance,
});
export type VibecoinsRewardResponse = z.infer<typeof vibecoinsRewardResponse>;

export const vibecoinsBurn = z.object({
  token: z.enum(VIBECOINS_TOKENS),
  contract: address,
  amount: tokenAmount,
  /** Whose tokens were burnt (the Transfer's `from`). */
  burner: address,
  /** totalSupply at block-1 and at the burn's block. */
  supplyBefore: tokenAmount,
  supplyAfter: tokenAmount,
});
export type VibecoinsBurn = z.infer<typeof vibecoinsBurn>;

export const vibecoinsBurnResponse = z.object({
  transactionHash: hash,
  /** Who sent the transaction (read from the chain). */
  sender: address,
  blockNumber: z.string(),
  blockTimestamp: z.number().int(),
  explorerUrl: z.string().nullable(),
  /** One per token the transaction burnt (usually one). */
  burns: z.array(vibecoinsBurn).min(1),
  source: z.literal("live"),
  reason: z.null(),
});
export type VibecoinsBurnResponse = z.infer<typeof vibecoinsBurnResponse>;

export const vibecoinsHistoryEntry = z.object({
  /** reward: VIBE minted to the wallet; burn: VIBE or XQB the wallet burnt. */
  kind: z.enum(["reward", "burn"]),
  token: z.enum(VIBECOINS_TOKENS),
  amount: tokenAmount,
  transactionHash: hash,
  blockNumber: z.string(),
  /** Chain time of the block (ISO). */
  timestamp: z.string(),
  explorerUrl: z.string().nullable(),
});
export type VibecoinsHistoryEntry = z.infer<typeof vibecoinsHistoryEntry>;

export const vibecoinsHistoryResponse = z.object({
  address,
  entries: z.array(vibecoinsHistoryEntry),
  /** The event index's last block; null before its first pass. */
  indexedThrough: z.string().nullable(),
  /** When this wallet may have its next reward (ISO); null when it may now. */
  nextRewardAt: z.string().nullable(),
});
export type VibecoinsHistoryResponse = z.infer<typeof vibecoinsHistoryResponse>;

// ---- amounts the page's forms check (the wallet sends the burn; the same rule on both sides) ---------------

const burnAmount = (decimals: number) =>
  z.string().superRefine((text, ctx) => {
    const problem = vibecoinsAmountProblem(text, decimals);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
/** VIBE or XQB on the EVM chain: 18 decimals. */
export const vibecoinsEvmBurnAmount = burnAmount(18);
/** VIBE on Stellar: 7 decimals. */
export const vibecoinsStellarBurnAmount = burnAmount(7);
