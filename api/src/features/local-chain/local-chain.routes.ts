// The local-chain time control: "Advance the local chain by 1 / 7 / 30 days", so a demo shows staking
// rewards accruing and a withdrawal becoming claimable. Offered only on the local Hardhat chain (31337)
// while it is live; anywhere else the read says why and the write is a 404.
import { HttpError } from "../../http/errors";
import { implement, type FeatureRouter } from "../../http/route";
import { localChainContract } from "./local-chain.contract";
import type { BlockStamp } from "../../ledgers/evm";
import type { EventIndex } from "../../ledgers/evm/event-index";
import type { LedgerStatus } from "../../ledgers/types";
import {
  advanceTimeRequest,
  advanceTimeResponse,
  localChainTimeResponse,
  type LocalChainTimeResponse,
} from "./local-chain.schemas";

const LOCAL_CHAIN_ID = 31337;
const DAY = 86_400;
/** How long an advance waits for the event index to store the new block before answering anyway. */
const INDEX_WAIT_MS = 5000;

export interface LocalChainDeps {
  network: string;
  chainId: number;
  /** The EVM ledger's status (live or not, and why): from the selector's probes, no chain call. */
  status: () => LedgerStatus;
  /** The live chain: its latest block, and the 31337-only clock move. */
  node: { block(): Promise<BlockStamp>; increaseTime(seconds: number): Promise<BlockStamp> };
  index: Pick<EventIndex, "waitFor">;
  /** Unix ms; tests move it. */
  now?: () => number;
}

export function createLocalChainRouter(deps: LocalChainDeps): FeatureRouter {
  const now = deps.now ?? Date.now;
  const isLocal = deps.network === "hardhat" && deps.chainId === LOCAL_CHAIN_ID;
  const notLocal = `Time control exists only on the local Hardhat chain (${LOCAL_CHAIN_ID}); this API runs on ${deps.network} (chain ${deps.chainId})`;

  /** Why it cannot be used right now, or null. */
  const refusal = (): string | null => {
    if (!isLocal) return notLocal;
    const s = deps.status();
    return s.mode === "live" ? null : `The local chain is not live: ${s.reason ?? "not probed yet"}`;
  };

  const c = localChainContract;
  return {
    feature: "local-chain",
    routes: [
      implement(c.time, {
        response: localChainTimeResponse,
        handler: async (): Promise<LocalChainTimeResponse> => {
          const wallClock = Math.floor(now() / 1000);
          let reason = refusal();
          let latest: BlockStamp | null = null;
          if (deps.status().mode === "live") {
            latest = await deps.node.block().catch((err: unknown) => {
              reason ??= `The chain did not answer: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`;
              return null;
            });
          }
          return {
            available: reason === null,
            reason,
            chainTime: latest?.timestamp ?? null,
            wallClock,
            offsetSeconds: latest ? latest.timestamp - wallClock : null,
            blockNumber: latest ? latest.number.toString() : null,
          };
        },
      }),
      implement(c.advanceTime, {
        body: advanceTimeRequest,
        response: advanceTimeResponse,
        handler: async ({ body }) => {
          if (!isLocal) throw new HttpError("NOT_FOUND", notLocal);
          const down = refusal();
          if (down) throw new HttpError("LEDGER_UNAVAILABLE", down, { ledger: "ethereum", retryAfterSeconds: 10 });
          const seconds = body.days * DAY;
          const block = await deps.node.increaseTime(seconds);
          // The answer comes once the index has the new block, so reads that follow see the chain's new time.
          // (No run id: the node's is refreshed by probes and may lag a restart; the indexing process checks
          // the chain's run itself before it compares.)
          await deps.index.waitFor(block.number, INDEX_WAIT_MS);
          return { advancedSeconds: seconds, chainTime: block.timestamp, blockNumber: block.number.toString() };
        },
      }),
    ],
    exports: {},
  };
}
