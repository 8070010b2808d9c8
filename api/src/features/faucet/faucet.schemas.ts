// The HTTP contract of the testnet faucet: GET /api/faucet/status and POST /api/faucet/claim {asset}.
// A claim is for the wallet of the request's Sign-In with Ethereum session (the body names no recipient);
// one per wallet and asset per 24 h (429 RATE_LIMITED with Retry-After and `details.nextClaimAt` when early),
// within the faucet's global budget per asset per hour and per day (429 RATE_LIMITED with Retry-After and
// `details.budget` "hourly" | "daily", `limit`, `used`, `nextSlotAt` when spent).
import { z } from "zod";

export * from "./faucet.constants";
import { FAUCET_ASSETS } from "./faucet.constants";

const faucetAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const faucetTxHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex hash");
const faucetTime = z.iso.datetime({ offset: true });
/** A decimal amount in whole units, as text (exact). */
const faucetDecimal = z.string().regex(/^\d+(\.\d+)?$/);

export const faucetAsset = z.enum(FAUCET_ASSETS, {
  error: (iss) => (iss.input === undefined ? "is required" : `must be one of ${FAUCET_ASSETS.join(", ")}`),
});

export const faucetClaimRequest = z.strictObject({ asset: faucetAsset });
export type FaucetClaimRequest = z.infer<typeof faucetClaimRequest>;

export const faucetClaimResponse = z.object({
  asset: faucetAsset,
  /** Whole units sent (e.g. "1000"). */
  amount: faucetDecimal,
  /** The signed-in wallet (EIP-55). */
  recipient: faucetAddress,
  /** Who sent it: the faucet account (XQB, ETH) or the API signer minting (USDC). */
  sender: faucetAddress,
  transactionHash: faucetTxHash,
  /** The block it was mined in (decimal); null when not mined within the wait. */
  blockNumber: z.string().regex(/^\d+$/).nullable(),
  /** Null on the local chain (no explorer). */
  explorerUrl: z.string().nullable(),
  /** The local chain is always live: a claim is never simulated. */
  source: z.literal("live"),
  claimedAt: faucetTime,
  /** When this wallet may claim this asset again. */
  nextClaimAt: faucetTime,
});
export type FaucetClaimResponse = z.infer<typeof faucetClaimResponse>;

export const faucetLink = z.object({ name: z.string(), url: z.string() });

export const faucetBudgetWindow = z.object({
  /** Claims allowed in the window (FAUCET_HOURLY_CLAIMS / FAUCET_DAILY_CLAIMS). */
  limit: z.number().int(),
  /** Claims made in it, every wallet's. */
  used: z.number().int(),
  remaining: z.number().int(),
  /** When the spent window next has room; null while it has room. */
  nextSlotAt: faucetTime.nullable(),
});

export const faucetAssetStatus = z.object({
  asset: faucetAsset,
  /** Whole units one claim sends. */
  amount: faucetDecimal,
  decimals: z.number().int(),
  /** How it is sent (transfer from the faucet account, or a mint). */
  method: z.string(),
  /** Whether a claim can be made here now (for any signed-in wallet whose window is open). */
  available: z.boolean(),
  /** Why not; null when available. */
  reason: z.string().nullable(),
  /** The faucet account's balance of this asset, whole units, read from the chain; null when not read. */
  faucetBalance: faucetDecimal.nullable(),
  /** What the balance is (or why there is none: a mint draws on no balance, the chain did not answer). */
  faucetBalanceNote: z.string().nullable(),
  /** The signed-in wallet's balance of this asset, whole units, read from the chain; null without a session or a reading. */
  walletBalance: faucetDecimal.nullable(),
  /** Where to get it instead (off the local chain): named links, no endorsement. */
  links: z.array(faucetLink),
  /** The signed-in wallet's last claim of this asset; null without a session or a claim. */
  lastClaim: z
    .object({
      claimedAt: faucetTime,
      transactionHash: faucetTxHash.nullable(),
      blockNumber: z.string().nullable(),
      /** "sent": completed; "pending": signed and maybe sent, settled from the chain; "reserved": being signed. */
      status: z.enum(["reserved", "pending", "sent"]),
    })
    .nullable(),
  /** When the signed-in wallet may claim again; null without a session, or when it may claim now. */
  nextClaimAt: faucetTime.nullable(),
  /** The faucet's global budget of this asset, all wallets together: claims in the last hour and the last 24 h. */
  budget: z.object({ hour: faucetBudgetWindow, day: faucetBudgetWindow }),
});
export type FaucetAssetStatus = z.infer<typeof faucetAssetStatus>;

export const faucetStatusResponse = z.object({
  network: z.object({
    /** "local": the stack's own Hardhat chain (31337 with dev key #0); "public": Sepolia or any other chain. */
    kind: z.enum(["local", "public"]),
    name: z.string(),
    chainId: z.number().int(),
    /** Whether the chain answers right now (the selector's probes), and why not. */
    live: z.boolean(),
    reason: z.string().nullable(),
  }),
  /** The faucet account (dev #16) on the local chain; null elsewhere. */
  faucetAccount: faucetAddress.nullable(),
  /** The API signer that mints USDC. */
  minter: faucetAddress,
  windowSeconds: z.number().int(),
  /** The session's wallet; null when the request has no session. */
  wallet: faucetAddress.nullable(),
  /** The server's clock when answered (the countdowns' reference). */
  now: faucetTime,
  assets: z.array(faucetAssetStatus),
});
export type FaucetStatusResponse = z.infer<typeof faucetStatusResponse>;
