// The leverage feature's answers, computed from the chain (ledger reads at one block), the staking pools'
// yields (injected from the real-staking feature) and the event index (positions and their counts). Nothing
// is stored here: a position is what LeverageRouter's PositionOpened/PositionClosed events and positionOf say.
// This file only composes the answer groups, each in its own file, around one shared snapshot cache.
import type { EvmChain } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import { createMarketAnswers } from "./liquid-staking.market";
import { createPositionAnswers } from "./liquid-staking.positions";
import { createPreviewAnswers } from "./liquid-staking.preview";
import { createLeverageRecorder } from "./liquid-staking.record-leverage";
import { createSnapshotReader, type PoolYield } from "./liquid-staking.snapshot";

export type { PoolYield } from "./liquid-staking.snapshot";
export { weiOfEth } from "./liquid-staking.math";

export interface LiquidStakingServiceDeps {
  evm: LedgerSelector<EvmChain>;
  /** Each pool's staking APY, measured by the real-staking feature (wired in app.ts). */
  poolYields: () => Promise<PoolYield[]>;
  /** The EVM event index (positions, counts); null where none runs. */
  index: EventIndex | null;
  /** How long POST /leverage waits for the index to reach the transaction's block. */
  indexWaitMs?: number;
}

export function createLiquidStakingService(deps: LiquidStakingServiceDeps) {
  // One cache of recent blocks' snapshots for every answer: tokens, strategies and performance polled at
  // the same block cost one set of reads.
  const snapshot = createSnapshotReader(deps.poolYields);
  return {
    ...createMarketAnswers(deps.evm, deps.index, snapshot),
    ...createPreviewAnswers(deps.evm, snapshot),
    ...createPositionAnswers(deps.evm, deps.index, snapshot),
    ...createLeverageRecorder(deps, snapshot),
  };
}

export type LiquidStakingService = ReturnType<typeof createLiquidStakingService>;
