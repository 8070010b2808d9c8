// GET /api/chain/changes: the event index's moves as server-sent events, so a page refreshes what a block changed
// the moment the index holds it, instead of polling every read. One summary per move for all listeners
// (ledgers/evm/event-index/changes.ts); a stream costs the server a socket and a listener, never a chain call.
// Bounded for a crowd: a few streams per address (a visitor's tabs), a ceiling for the process; past either the
// page polls instead, as it does when the stream is down.
import type { Request } from "express";
import { HttpError } from "../../http/errors";
import { EventStreamAnswer, implement, type FeatureRouter } from "../../http/route";
import type { ChainChange, ChainChanges } from "../../ledgers/evm/event-index/changes";
import { chainChangesContract } from "./chain-changes.contract";
import { CHAIN_CHANGE_EVENT, chainChangeEvent, type ChainChangeEvent } from "./chain-changes.schemas";

export interface ChainChangesLimits {
  /** Open streams per client address (its tabs). */
  perAddress: number;
  /** Open streams in this process. */
  total: number;
}

export const DEFAULT_STREAM_LIMITS: ChainChangesLimits = { perAddress: 8, total: 500 };

export interface ChainChangesDeps {
  chainId: number;
  changes: Pick<ChainChanges, "subscribe" | "head">;
  limits?: ChainChangesLimits;
  /** How soon EventSource reconnects, and how often a comment keeps the stream open (tests shorten them). */
  retryMs?: number;
  heartbeatMs?: number;
}

const eventOf = (chainId: number, c: ChainChange): ChainChangeEvent => ({
  kind: c.reset ? "reset" : "change",
  chainId,
  chainInstance: c.chainInstance,
  fromBlock: c.fromBlock.toString(),
  toBlock: c.toBlock.toString(),
  timestamp: c.timestamp,
  contracts: c.contracts,
  accounts: c.accounts,
});

export function createChainChangesRouter(deps: ChainChangesDeps): FeatureRouter<{ open: () => number }> {
  const limits = deps.limits ?? DEFAULT_STREAM_LIMITS;
  const byAddress = new Map<string, number>();
  let open = 0;
  const addressOf = (req: Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

  return {
    feature: "chain-changes",
    exports: { open: () => open },
    routes: [
      implement(chainChangesContract.changes, {
        response: chainChangeEvent,
        handler: async ({ req }) => {
          const address = addressOf(req);
          if ((byAddress.get(address) ?? 0) >= limits.perAddress)
            throw new HttpError(
              "RATE_LIMITED",
              `At most ${limits.perAddress} change streams per address; close a tab, or the page polls instead`,
              { retryAfterSeconds: 30 },
            );
          if (open >= limits.total)
            throw new HttpError(
              "LEDGER_BUSY",
              `The server holds its ${limits.total} change streams; pages poll instead`,
              {
                ledger: "ethereum",
                retryAfterSeconds: 30,
              },
            );
          const head = await deps.changes.head();
          return new EventStreamAnswer(
            (stream) => {
              open++;
              byAddress.set(address, (byAddress.get(address) ?? 0) + 1);
              let seen = head?.lastIndexedBlock ?? null;
              if (head) {
                const block = head.lastIndexedBlock.toString();
                stream.send(
                  CHAIN_CHANGE_EVENT,
                  {
                    kind: "head",
                    chainId: deps.chainId,
                    chainInstance: head.chainInstance,
                    fromBlock: block,
                    toBlock: block,
                    timestamp: head.lastIndexedTimestamp,
                    contracts: [],
                    accounts: [],
                  } satisfies ChainChangeEvent,
                  `${head.chainInstance}:${block}`,
                );
              }
              const stop = deps.changes.subscribe((c) => {
                // A move this stream's opening head already covers (it was read after the summary began).
                if (!c.reset && seen !== null && c.toBlock <= seen) return;
                seen = c.toBlock;
                stream.send(CHAIN_CHANGE_EVENT, eventOf(deps.chainId, c), `${c.chainInstance}:${c.toBlock}`);
              });
              stream.onClose(() => {
                stop();
                open--;
                const left = (byAddress.get(address) ?? 1) - 1;
                if (left > 0) byAddress.set(address, left);
                else byAddress.delete(address);
              });
            },
            deps.retryMs,
            deps.heartbeatMs,
          );
        },
      }),
    ],
  };
}
