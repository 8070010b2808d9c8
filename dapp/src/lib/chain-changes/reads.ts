// What a query reads from the chain, so the chain-change stream refreshes it exactly when that changed
// (listener.ts), and how often it polls when the stream is down. Pages spread `freshFromChain(...)` into their
// useQuery options instead of a fixed refetchInterval: polling is the fallback, not the rule.
import type { Query } from "@tanstack/react-query";
import { chainStream } from "./stream-state";

export interface ChainReads {
  /** Deploy-map names of the contracts whose events change this read (any of them). */
  contracts?: readonly string[];
  /**
   * Only events naming this account change it (a wallet's own positions); other accounts' events under the same
   * contracts leave it be. Omitted: any event of those contracts does.
   */
  account?: string | null;
  /** Every new block changes it (a balance, chain time, interest that accrues by the block). */
  everyBlock?: boolean;
}

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { chainReads?: ChainReads };
  }
}

/**
 * Query options for a read of the chain: the stream refreshes it on the changes `reads` names; while the stream is
 * down it polls every `fallbackPollMs` (the spec's interval for that read).
 */
export function freshFromChain(reads: ChainReads, fallbackPollMs: number) {
  return {
    meta: { chainReads: reads },
    refetchInterval: () => (chainStream.connected() ? false : fallbackPollMs),
  } as const;
}

/** Whether a change that names `contracts` and `accounts` (null: too many to list) touches what `reads` reads. */
export function touches(
  reads: ChainReads,
  change: { contracts: readonly string[]; accounts: readonly string[] | null },
): boolean {
  if (reads.everyBlock) return true;
  if (!reads.contracts?.some((c) => change.contracts.includes(c))) return false;
  if (!reads.account || change.accounts === null) return true;
  const account = reads.account.toLowerCase();
  return change.accounts.some((a) => a.toLowerCase() === account);
}

/** The chain reads of the cache: queries that declare them, and wagmi's own reads of the wallet's chain. */
const WAGMI_READS = new Set(["balance", "readContract", "readContracts", "blockNumber", "block", "estimateGas"]);

export function chainReadsOf(query: Query): ChainReads | null {
  const declared = query.meta?.chainReads;
  if (declared) return declared;
  const head = query.queryKey[0];
  return typeof head === "string" && WAGMI_READS.has(head) ? { everyBlock: true } : null;
}
