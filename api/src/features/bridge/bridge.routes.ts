// The bridge's routes: a user's transfers (any wallet's lock is picked up from the chain), one transfer by
// its lock id, the summary (escrow against delivered supply), and the local-chain demo batch. The relayer
// is built here and exported: main.ts starts it with the app; tests make their own instances.
import { MomentCache, momentary } from "../../shared/moment-cache";
import { ranByOf } from "../../http/access";
import { HttpError } from "../../http/errors";
import { implement, type FeatureRouter } from "../../http/route";
import type { EvmChain, EvmLiveChain } from "../../ledgers/evm";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { EventIndex } from "../../ledgers/evm/event-index/types";
import type { LedgerSelector } from "../../ledgers/selector";
import type { Db } from "../../db/client";
import type { Logger } from "../../logger";
import { BatchRunner } from "./bridge.batch";
import { bridgeContract as c } from "./bridge.contract";
import type { BridgeLedger } from "./bridge.constants";
import type { DestinationLedger } from "./bridge.destination";
import { BridgeEvm } from "./bridge.evm";
import { BridgeRelayer, type RelayerOptions } from "./bridge.relayer";
import { BridgeRepository, toTransfer } from "./bridge.repository";
import {
  latestBatchResponse,
  batchParams,
  batchRequest,
  bridgeBatch,
  bridgeSummary as bridgeSummarySchema,
  bridgeTransfer,
  transferParams,
  transfersQuery,
  transfersResponse,
} from "./bridge.schemas";
import { bridgeSummary } from "./bridge.service";
import { stellarDestination, type BridgeStellarClient } from "./bridge.stellar";
import { xrplDestination, type BridgeXrplClient } from "./bridge.xrpl";

export interface BridgeDeps {
  db: Db;
  chainId: number;
  evm: LedgerSelector<EvmChain>;
  node: EvmLiveChain;
  index: EventIndex;
  stellar: LedgerSelector<BridgeStellarClient>;
  xrpl: LedgerSelector<BridgeXrplClient>;
  devKeys: DevKeysAnswer;
  deadlineSeconds: number;
  logger: Pick<Logger, "info" | "warn" | "error">;
  /** Tests: destinations other than the clients' (none in production). */
  destinations?: Record<BridgeLedger, DestinationLedger>;
  relayer?: Partial<Pick<RelayerOptions, "intervalMs" | "leaseMs" | "stepTimeoutMs" | "incomingEveryMs">>;
}

export interface BridgeExports {
  /** The app's relayer (main.ts starts it). */
  relayer: BridgeRelayer;
  /** Another relayer on the same database (tests: a restart after a crash, crash injection). */
  createRelayer(extra?: Partial<RelayerOptions>): BridgeRelayer;
  repo: BridgeRepository;
  destinations: Record<BridgeLedger, DestinationLedger>;
  batches: BatchRunner;
  start(): void;
  stop(): Promise<void>;
}

export function createBridgeRouter(deps: BridgeDeps): FeatureRouter<BridgeExports> {
  const repo = new BridgeRepository(deps.db);
  const evm = new BridgeEvm(deps.evm, deps.index);
  const destinations = deps.destinations ?? {
    stellar: stellarDestination(deps.stellar),
    xrpl: xrplDestination(deps.xrpl),
  };
  const base: RelayerOptions = {
    repo,
    chainId: deps.chainId,
    evm,
    index: deps.index,
    destinations,
    deadlineSeconds: deps.deadlineSeconds,
    logger: deps.logger,
    ...deps.relayer,
  };
  let latest = new BridgeRelayer(base);
  const relayer = latest;
  const createRelayer = (extra: Partial<RelayerOptions> = {}) => (latest = new BridgeRelayer({ ...base, ...extra }));
  const batches = new BatchRunner({
    repo,
    chainId: deps.chainId,
    evm: deps.evm,
    node: deps.node,
    devKeys: deps.devKeys,
    stellar: deps.stellar,
    xrpl: deps.xrpl,
    destinations,
    logger: deps.logger,
  });
  const currentRun = () => deps.node.chainInstance();
  // What the page polls, once for a moment for every visitor; any write, the relayer's included, renews it.
  const summary = momentary(() =>
    bridgeSummary({
      repo,
      chainId: deps.chainId,
      evm,
      destinations,
      relayer: () => latest,
      currentRun,
      deadlineSeconds: deps.deadlineSeconds,
    }),
  );
  const transfers = new MomentCache<string, { transfers: ReturnType<typeof toTransfer>[] }>();

  return {
    feature: "bridge",
    exports: {
      relayer,
      createRelayer,
      repo,
      destinations,
      batches,
      start: () => relayer.start(),
      stop: () => relayer.stop(),
    },
    routes: [
      implement(c.transfers, {
        query: transfersQuery,
        response: transfersResponse,
        handler: ({ query }) =>
          transfers.get(query.address ?? "", async () => ({
            transfers: (await repo.list(deps.chainId, { address: query.address })).map((r) =>
              toTransfer(r, currentRun()),
            ),
          })),
      }),
      implement(c.transfer, {
        params: transferParams,
        response: bridgeTransfer,
        handler: async ({ params }) => {
          const row = await repo.byId(deps.chainId, params.lockId);
          if (!row)
            throw new HttpError(
              "NOT_FOUND",
              `No bridge transfer ${params.lockId} (a lock appears once the event index has its block and the relayer has read it)`,
            );
          return toTransfer(row, currentRun());
        },
      }),
      implement(c.summary, { response: bridgeSummarySchema, handler: summary }),
      implement(c.runBatch, {
        body: batchRequest,
        response: bridgeBatch,
        handler: async ({ body, caller }) => ({ status: 202, body: await batches.start(body, ranByOf(caller)) }),
      }),
      implement(c.latestBatch, {
        response: latestBatchResponse,
        handler: async () => ({ batch: await batches.latest() }),
      }),
      implement(c.batch, {
        params: batchParams,
        response: bridgeBatch,
        handler: async ({ params }) => {
          const batch = await batches.view(params.id);
          if (!batch)
            throw new HttpError("NOT_FOUND", `No batch ${params.id} (batches live in this API process's memory)`);
          return batch;
        },
      }),
    ],
  };
}
