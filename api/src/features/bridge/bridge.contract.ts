// The bridge's endpoints (http/endpoint.ts), declared once for the API (bridge.routes.ts mounts them) and the
// dapp (features/bridge/api/ calls them): transfers, one transfer, the summary, and the operator's demo batch.
import { endpoint } from "../../http/endpoint";
import type {
  batchParams,
  batchRequest,
  bridgeBatch,
  bridgeSummary,
  bridgeTransfer,
  latestBatchResponse,
  transferParams,
  transfersQuery,
  transfersResponse,
} from "./bridge.schemas";

export const bridgeContract = {
  transfers: endpoint<{ query: typeof transfersQuery; response: typeof transfersResponse }>()({
    method: "get",
    path: "/api/bridge/transfers",
    access: "visitor",
    feature: "bridge",
    summary:
      "Bridge transfers (newest first), of one EVM address (sender of a lock, recipient of a release) when given",
  }),
  transfer: endpoint<{ params: typeof transferParams; response: typeof bridgeTransfer }>()({
    method: "get",
    path: "/api/bridge/transfers/:lockId",
    access: "visitor",
    feature: "bridge",
    summary:
      'One bridge transfer: an outbound lock by its escrow nonce ("7"), an inbound payment as "stellar-<hash>" / "xrpl-<hash>"',
    errors: ["NOT_FOUND"],
  }),
  summary: endpoint<{ response: typeof bridgeSummary }>()({
    method: "get",
    path: "/api/bridge/summary",
    access: "visitor",
    feature: "bridge",
    summary:
      "The escrow's locked total against the XQB supply on Stellar and XRPL plus what is in flight, the relayer's heartbeat and the rules",
  }),
  runBatch: endpoint<{ body: typeof batchRequest; response: typeof bridgeBatch }>()({
    method: "post",
    path: "/api/bridge/batch",
    access: "operator",
    feature: "bridge",
    summary:
      "Local chain only: dev account #9 mints XQB, locks it N times to demo accounts on the chosen ledgers and (roundTrip) pays it back",
    statuses: [202],
    errors: ["NOT_FOUND", "CONFLICT", "LEDGER_UNAVAILABLE"],
    write: true,
  }),
  latestBatch: endpoint<{ response: typeof latestBatchResponse }>()({
    method: "get",
    path: "/api/bridge/batch/latest",
    access: "visitor",
    feature: "bridge",
    summary: "The last demo batch an operator ran (this API process), with who ran it; null before the first",
  }),
  batch: endpoint<{ params: typeof batchParams; response: typeof bridgeBatch }>()({
    method: "get",
    path: "/api/bridge/batch/:id",
    access: "visitor",
    feature: "bridge",
    summary: "A demo batch: each transfer's state, both sides' hashes and timings",
    errors: ["NOT_FOUND"],
  }),
};
