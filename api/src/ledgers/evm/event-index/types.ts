// What the EVM event index offers features. The index knows no feature: it stores every event of every
// contract in the chain's deploy map, from each contract's `deployedOnBlock`, for the chain run it is on
// (the genesis hash: a restarted local node starts a new index), and follows new blocks as they arrive.
// Endpoints read from it; none scans the chain from block 0 or per request.
import type { Address, Hash } from "viem";
import type { ContractName } from "../contracts";

/** A decoded log. `args` are JSON-safe: integers as decimal strings, addresses EIP-55 checksummed. */
export interface IndexedEvent {
  chainInstance: string;
  contract: ContractName;
  address: Address;
  eventName: string;
  args: Record<string, string | boolean>;
  blockNumber: bigint;
  /** The including block's timestamp, unix seconds (chain time: moves with evm_increaseTime). */
  blockTimestamp: number;
  logIndex: number;
  transactionHash: Hash;
}

export interface EventQuery {
  contract: ContractName | readonly ContractName[];
  eventName?: string | readonly string[];
  /** Exact matches on decoded arguments; addresses compare case-insensitively. */
  args?: Record<string, string>;
  fromBlock?: bigint;
  toBlock?: bigint;
  /** Block then log order; "asc" by default. */
  order?: "asc" | "desc";
  limit?: number;
}

/** How far the index has got on the chain run it follows. */
export interface IndexHead {
  chainId: number;
  chainInstance: string;
  lastIndexedBlock: bigint;
  /** Timestamp of lastIndexedBlock, unix seconds. */
  lastIndexedTimestamp: number;
}

/** A block the index passed, kept as a time sample: (number, timestamp) for "the block at time t". */
export interface BlockSample {
  number: bigint;
  timestamp: number;
}

export interface EventIndex {
  /** Null until the first pass over the current chain run has stored its head. */
  head(): Promise<IndexHead | null>;
  /** Events of the current chain run only. */
  events(query: EventQuery): Promise<IndexedEvent[]>;
  /**
   * The newest sampled block at or before `timestamp` on the current chain run (for a rate "as of a week
   * ago": read the contract at that block). Null when the index holds nothing that old.
   */
  blockAtOrBefore(timestamp: number): Promise<BlockSample | null>;
  /**
   * Resolves true once the index has stored `block` (of the current chain run), false after `timeoutMs`.
   * A route that just read a wallet's receipt waits for it, so the user's next read sees their own write.
   * `chainInstance` (optional): only a head of that run counts (a receipt's run, from `WriteResult.chainInstance`),
   * so a restarted node's old, higher head never answers for a block of the new run.
   */
  waitFor(block: bigint, timeoutMs?: number, chainInstance?: string): Promise<boolean>;
}
