// The HTTP contract of the local-chain time control (GET /api/local-chain/time, POST
// /api/local-chain/advance-time). Only the local Hardhat chain (31337) offers it; the dapp shows the
// "Advance the local chain by 1 / 7 / 30 days" buttons only while `available` is true.
import { z } from "zod";

export * from "./local-chain.constants";

export const localChainTimeResponse = z.object({
  /** True only on the local Hardhat chain (network hardhat, chain 31337) while it is live. */
  available: z.boolean(),
  /** Why it is not available; null when it is. */
  reason: z.string().nullable(),
  /** Unix seconds of the chain's latest block (chain time: moves with each advance); null when unread. */
  chainTime: z.number().int().nullable(),
  /** The server's clock, unix seconds. */
  wallClock: z.number().int(),
  /** chainTime - wallClock: how far the chain has been moved ahead; null when chainTime is. */
  offsetSeconds: z.number().int().nullable(),
  /** The latest block's number (decimal); null when unread. */
  blockNumber: z.string().regex(/^\d+$/).nullable(),
});
export type LocalChainTimeResponse = z.infer<typeof localChainTimeResponse>;

export const advanceTimeRequest = z.strictObject({
  days: z.union([z.literal(1), z.literal(7), z.literal(30)], {
    error: (iss) => (iss.input === undefined ? "is required" : "must be 1, 7 or 30"),
  }),
});
export type AdvanceTimeRequest = z.infer<typeof advanceTimeRequest>;

export const advanceTimeResponse = z.object({
  /** days * 86400. */
  advancedSeconds: z.number().int(),
  /** Unix seconds of the block mined after the jump (the event index has stored it). */
  chainTime: z.number().int(),
  /** That block's number (decimal). */
  blockNumber: z.string().regex(/^\d+$/),
});
export type AdvanceTimeResponse = z.infer<typeof advanceTimeResponse>;
