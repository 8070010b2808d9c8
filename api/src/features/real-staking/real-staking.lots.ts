// A wallet's deposits as lots of shares: withdrawals and transfers take the oldest deposit's shares first,
// and a withdrawal request as the page shows it (its countdown counted in chain time). Pure functions over
// indexed events, so the tests can check them without a chain.
import { formatEther } from "viem";
import type { IndexedEvent } from "../../ledgers/evm/event-index/types";
import type { StakeWithdrawal } from "./real-staking.schemas";

export interface Lot {
  deposit: IndexedEvent;
  /** Shares of this deposit still held. */
  held: bigint;
  /** Shares of this deposit sent to another address. */
  transferred: bigint;
  /** ETH locked by withdrawal requests for this deposit's shares (pro rata when a request spans deposits). */
  exitedAssets: bigint;
  /** Requests whose first share came from this deposit. */
  started: IndexedEvent[];
}

const order = (a: IndexedEvent, b: IndexedEvent) => Number(a.blockNumber - b.blockNumber) || a.logIndex - b.logIndex;

/**
 * Shares leave a wallet by withdrawal request or transfer; each outflow takes the oldest deposit's shares
 * first. Shares the wallet received by transfer are not a deposit here: an outflow beyond its deposits'
 * shares takes nothing from them.
 */
export function allocate(deposits: IndexedEvent[], requests: IndexedEvent[], transfersOut: IndexedEvent[]): Lot[] {
  const lots: Lot[] = [];
  const timeline = [
    ...deposits.map((e) => ({ e, kind: "deposit" as const })),
    ...requests.map((e) => ({ e, kind: "request" as const })),
    ...transfersOut.map((e) => ({ e, kind: "transfer" as const })),
  ].sort((a, b) => order(a.e, b.e));
  for (const { e, kind } of timeline) {
    if (kind === "deposit") {
      lots.push({ deposit: e, held: BigInt(e.args.shares as string), transferred: 0n, exitedAssets: 0n, started: [] });
      continue;
    }
    const total = BigInt((kind === "request" ? e.args.shares : e.args.value) as string);
    let left = total;
    let first = true;
    for (const lot of lots) {
      if (left === 0n) break;
      if (lot.held === 0n) continue;
      const take = lot.held < left ? lot.held : left;
      lot.held -= take;
      left -= take;
      if (kind === "transfer") lot.transferred += take;
      else {
        lot.exitedAssets += total === 0n ? 0n : (BigInt(e.args.assets as string) * take) / total;
        if (first) lot.started.push(e);
      }
      first = false;
    }
  }
  return lots;
}

export function withdrawalOf(
  request: IndexedEvent,
  claim: IndexedEvent | undefined,
  chainTime: number,
): StakeWithdrawal {
  const claimableAt = Number(request.args.claimableAt);
  const claimed = claim !== undefined;
  return {
    requestId: String(request.args.requestId),
    shares: formatEther(BigInt(request.args.shares as string)),
    assets: formatEther(BigInt(request.args.assets as string)),
    requestedAt: new Date(request.blockTimestamp * 1000).toISOString(),
    claimableAt: new Date(claimableAt * 1000).toISOString(),
    secondsUntilClaimable: claimed ? 0 : Math.max(0, claimableAt - chainTime),
    claimable: !claimed && chainTime >= claimableAt,
    claimed,
    requestTransactionHash: request.transactionHash.toLowerCase(),
    claimTransactionHash: claim ? claim.transactionHash.toLowerCase() : null,
  };
}
