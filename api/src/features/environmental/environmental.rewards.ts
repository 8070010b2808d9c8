// The VIBE rewards ledger: every VIBE mint (a Transfer from the zero address) the event index holds for the
// current chain run, newest first, paged by (block, logIndex); what each was for comes from the features that
// recorded it (their exports, wired in app.ts).
import { formatUnits, getAddress, zeroAddress, type Hash } from "viem";
import type { EventIndex, IndexedEvent } from "../../ledgers/evm/event-index";
import { contractsOn } from "../../ledgers/evm/contracts";
import type { LedgerStatus } from "../../ledgers/types";
import type { RewardEntry, RewardPurpose, RewardsQuery, RewardsResponse } from "./environmental.schemas";

/** What one feature's database says its mints were for, by transaction hash (lower case). */
export type PurposeSource = (hashes: string[]) => Promise<Map<string, RewardPurpose>>;

const VIBE_DECIMALS = 18;
/** Logs of one block the cursor may have to skip: a local block holds one transaction, a Sepolia block a few. */
const SAME_BLOCK_SLACK = 256;

export interface RewardsDeps {
  index: EventIndex;
  chainId: number;
  network: string;
  evmStatus: () => LedgerStatus;
  purposes: PurposeSource[];
}

const cursorOf = (e: IndexedEvent) => `${e.blockNumber}-${e.logIndex}`;

export async function readRewards(deps: RewardsDeps, query: RewardsQuery): Promise<RewardsResponse> {
  const status = deps.evmStatus();
  const contract = contractsOn(deps.chainId)?.VibeCoin?.address ?? null;
  const [cursorBlock, cursorLog] = query.cursor ? query.cursor.split("-").map(Number) : [undefined, undefined];
  const [events, head] = await Promise.all([
    deps.index.events({
      contract: "VibeCoin",
      eventName: "Transfer",
      args: { from: zeroAddress },
      order: "desc",
      ...(cursorBlock !== undefined ? { toBlock: BigInt(cursorBlock) } : {}),
      limit: query.limit + 1 + (cursorBlock !== undefined ? SAME_BLOCK_SLACK : 0),
    }),
    deps.index.head(),
  ]);
  const after = events.filter(
    (e) => cursorBlock === undefined || e.blockNumber < BigInt(cursorBlock) || e.logIndex < cursorLog!,
  );
  const page = after.slice(0, query.limit);
  const hashes = [...new Set(page.map((e) => e.transactionHash.toLowerCase()))];
  const found = await Promise.all(deps.purposes.map((p) => p(hashes)));
  const purposeOf = (hash: Hash) => found.map((m) => m.get(hash.toLowerCase())).find(Boolean) ?? null;
  const entries: RewardEntry[] = page.map((e) => ({
    recipient: getAddress(e.args.to as string),
    amount: formatUnits(BigInt(e.args.value as string), VIBE_DECIMALS),
    transactionHash: e.transactionHash,
    blockNumber: e.blockNumber.toString(),
    logIndex: e.logIndex,
    timestamp: new Date(e.blockTimestamp * 1000).toISOString(),
    explorerUrl: deps.network === "sepolia" ? `https://sepolia.etherscan.io/tx/${e.transactionHash}` : null,
    purpose: purposeOf(e.transactionHash),
  }));
  return {
    entries,
    nextCursor: after.length > query.limit && page.length > 0 ? cursorOf(page.at(-1)!) : null,
    indexedThrough: head?.lastIndexedBlock.toString() ?? null,
    token: { symbol: "VIBE", contract },
    source: status.mode,
    reason: status.mode === "live" ? null : (status.reason ?? "the chain is not reachable"),
  };
}
