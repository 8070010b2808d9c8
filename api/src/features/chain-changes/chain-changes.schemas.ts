// The HTTP contract of GET /api/chain/changes: a stream of server-sent events, one per move of the event index's
// head. The dapp refreshes the reads that depend on the contracts (and accounts) a change names, and everything
// read from the chain on a reset. Every event's data has this one shape.
import { z } from "zod";

const block = z.string().regex(/^\d+$/);

export const chainChangeEvent = z.object({
  /**
   * "head": the index's head when the stream opens (nothing changed; a client compares it with what it last saw).
   * "change": blocks fromBlock..toBlock were indexed. "reset": the head went back or to another chain run.
   */
  kind: z.enum(["head", "change", "reset"]),
  chainId: z.number().int(),
  /** The chain run (its genesis hash): a restarted local node is another run. */
  chainInstance: z.string(),
  fromBlock: block,
  toBlock: block,
  /** Chain time of toBlock, unix seconds (moves with the local chain's time control, not the wall clock). */
  timestamp: z.number().int(),
  /** Deploy-map names of the contracts that emitted events in the range. */
  contracts: z.array(z.string()),
  /** Checksummed accounts the range's events name; null when there were too many to list (or on a reset). */
  accounts: z.array(z.string()).nullable(),
});
export type ChainChangeEvent = z.infer<typeof chainChangeEvent>;

export * from "./chain-changes.constants";
