// POST /leverage: a position the wallet opened itself. The receipt's PositionOpened must match the body
// (user, LST, equity, leverage), each mismatch a 400 on its field; the answer waits until the index holds
// the block, then is the indexed position. Nothing is written here, so sending it again answers the same.
import { formatEther, getAddress, type Hash } from "viem";
import type { z } from "zod";
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import { fieldError, HttpError } from "../../http/errors";
import { readOpenedEvents } from "./liquid-staking.ledger";
import { requireIndex } from "./liquid-staking.episodes";
import { ratioBps } from "./liquid-staking.math";
import { positionsAt } from "./liquid-staking.positions";
import {
  LIQUID_STAKING_POOLS,
  STRATEGY_POOL,
  strategyOfPool,
  type LeverageRequestBody,
  type leverageResponse,
} from "./liquid-staking.schemas";
import type { SnapshotReader } from "./liquid-staking.snapshot";
import { strategyName } from "./liquid-staking.strategy";

export interface LeverageRecorderDeps {
  evm: LedgerSelector<EvmChain>;
  index: EventIndex | null;
  /** How long to wait for the index to reach the transaction's block (default 10 s). */
  indexWaitMs?: number;
}

export function createLeverageRecorder(deps: LeverageRecorderDeps, snapshot: SnapshotReader) {
  return {
    async recordLeverage(body: LeverageRequestBody): Promise<z.input<typeof leverageResponse>> {
      // A receipt is only read live: a simulated chain has no wallet's transaction to check.
      const evm = deps.evm.requireLive();
      const index = requireIndex(deps.index);
      const hash = body.transactionHash.toLowerCase() as Hash;
      const { receipt, events } = await readOpenedEvents(evm, hash);
      if (events.length === 0) {
        throw fieldError(
          "transactionHash",
          `transaction ${hash} is not a LeverageRouter.openPosition (no PositionOpened event from ${evm.address("LeverageRouter")})`,
        );
      }
      const wallet = body.walletAddress.toLowerCase();
      const mine = events.filter((e) => e.user.toLowerCase() === wallet);
      if (mine.length === 0)
        throw fieldError(
          "walletAddress",
          `the position in ${hash} was opened by ${events[0]!.user}, not ${getAddress(body.walletAddress)}`,
        );
      const pool = STRATEGY_POOL[body.strategy];
      const lst = evm.address(pool).toLowerCase();
      const ev = mine.find((e) => e.lst.toLowerCase() === lst);
      if (!ev) {
        const other = LIQUID_STAKING_POOLS.find((p) => evm.address(p).toLowerCase() === mine[0]!.lst.toLowerCase());
        throw fieldError(
          "strategy",
          `the transaction opened a ${other ?? mine[0]!.lst} position (${other ? strategyOfPool(other) : "unknown strategy"}), not ${pool} (${body.strategy})`,
        );
      }
      // The same double: the body's number against the event's wei read back as a JSON number would be.
      if (Number(formatEther(ev.ethIn)) !== body.ethAmount) {
        throw fieldError(
          "ethAmount",
          `the transaction staked ${formatEther(ev.ethIn)} ETH of the wallet's own, not ${body.ethAmount}`,
        );
      }
      if (ev.leverageBps !== ratioBps(body.leverageRatio)) {
        throw fieldError(
          "leverageRatio",
          `the transaction opened at ${Number(ev.leverageBps) / 10_000}x, not ${body.leverageRatio}x`,
        );
      }
      if (!(await index.waitFor(receipt.blockNumber, deps.indexWaitMs ?? 10_000, evm.chainInstance() ?? undefined))) {
        throw new HttpError(
          "LEDGER_BUSY",
          `the event index has not reached block ${receipt.blockNumber} yet; send the same request again`,
          {
            ledger: "ethereum",
            retryAfterSeconds: 2,
          },
        );
      }
      const user = getAddress(body.walletAddress);
      const { positions, episodes } = await positionsAt(snapshot, evm, index, user);
      // The position is the episode this open belongs to (a later open merges into an earlier one's id).
      const eventId = `${receipt.transactionHash.toLowerCase()}:${ev.logIndex}`;
      const at = episodes.findIndex((ep) =>
        ep.opens.some((o) => `${o.transactionHash.toLowerCase()}:${o.logIndex}` === eventId),
      );
      const firstOpen = at >= 0 ? episodes[at]!.opens[0]! : null;
      const position = firstOpen
        ? positions.find((p) => p.id === `${firstOpen.transactionHash}:${firstOpen.logIndex}`)
        : undefined;
      if (!position) {
        throw new HttpError(
          "LEDGER_BUSY",
          `the event index does not list ${hash}'s PositionOpened yet; send the same request again`,
          {
            ledger: "ethereum",
            retryAfterSeconds: 2,
          },
        );
      }
      return {
        success: true,
        position,
        strategy: { id: body.strategy, name: strategyName(pool) },
        transactionHash: receipt.transactionHash,
        blockNumber: receipt.blockNumber.toString(),
        source: "live",
        network: evm.network,
      };
    },
  };
}
