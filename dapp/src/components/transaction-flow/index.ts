export { TransactionFlowDialog } from "./transaction-flow-dialog";
export { useTransactionFlow, type TransactionFlow, type TxFlowState } from "./use-transaction-flow";
export type { TxFlowRequest, TxPreviewRow, TxStep, TxStepContext } from "./types";
