// The bridge API's shapes (api/src/features/bridge/bridge.schemas.ts, through ./contract), as types only: no zod in the page.
export type {
  BatchItem,
  BatchRequest,
  BridgeBatch,
  BridgeLedger,
  BridgeState as TransferState,
  BridgeSummary,
  BridgeTransfer,
  LatestBatchResponse,
  LedgerSupply,
  RemoteSide as BridgeSide,
  TransfersResponse as BridgeTransfersResponse,
  XqbAmount,
} from "./contract";

export type Source = "live" | "simulated";
