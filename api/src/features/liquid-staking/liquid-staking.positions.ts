// GET /positions/:userId: a wallet's positions from the event index up to its head, with the chain read at
// that same block (so an index a block behind never pairs old events with newer balances).
import { getAddress, type Address } from "viem";
import type { z } from "zod";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import { closeQuote, readPosition } from "./liquid-staking.ledger";
import { episodesOf, indexHead, requireIndex, routerEvents } from "./liquid-staking.episodes";
import { positionOfEpisode } from "./liquid-staking.position";
import type { positionsResponse } from "./liquid-staking.schemas";
import { provenance, type SnapshotReader } from "./liquid-staking.snapshot";

/** A user's positions, newest first, and the episodes they came from (POST /leverage finds its own there). */
export async function positionsAt(snapshot: SnapshotReader, evm: EvmChain, index: EventIndex, user: Address) {
  const head = await indexHead(index);
  const at = head.lastIndexedBlock;
  const [s, events] = await Promise.all([snapshot(evm, at), routerEvents(index, at, user)]);
  const episodes = [...episodesOf(evm, events).values()].flat();
  const positions = await Promise.all(
    episodes.map(async (ep) => {
      if (ep.close) return positionOfEpisode(s, user, ep, null, null);
      const [live, quote] = await Promise.all([readPosition(evm, user, ep.pool, at), closeQuote(evm, user, ep.pool)]);
      // Its collateral is gone without a close: a liquidator's doing only if the pool says so.
      const liquidations =
        live.collateralShares === 0n
          ? await index.events({
              contract: "LendingPool",
              eventName: "Liquidated",
              args: { borrower: user, token: s.pools[ep.pool].address },
              fromBlock: ep.opens[0]!.blockNumber,
              toBlock: at,
              limit: 1,
            })
          : [];
      return positionOfEpisode(s, user, ep, live, quote, liquidations.length > 0);
    }),
  );
  positions.sort((a, b) => Number(BigInt(b.openedBlock) - BigInt(a.openedBlock)));
  return { s, positions, episodes };
}

export function createPositionAnswers(
  evmSelector: LedgerSelector<EvmChain>,
  index: EventIndex | null,
  snapshot: SnapshotReader,
) {
  return {
    async positions(userId: string): Promise<z.input<typeof positionsResponse>> {
      const ready = requireIndex(index);
      const user = getAddress(userId);
      return evmSelector.run(async (evm) => {
        // Once per chain head and index head for every poll of this wallet: its positions change with a block.
        const { lastIndexedBlock } = await indexHead(ready);
        return evm.atHead(`liquid-staking:positions:${user}:${lastIndexedBlock}`, async () => {
          const { s, positions } = await positionsAt(snapshot, evm, ready, user);
          return { userId: user, positions, indexedToBlock: s.at.toString(), ...provenance(s) };
        });
      });
    },
  };
}
