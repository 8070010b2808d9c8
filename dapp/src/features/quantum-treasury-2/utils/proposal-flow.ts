import type { SafeFlowView } from "../../../components/safe-flow";
import type { QtSafeProposal } from "../api/contract";

/** A stored proposal as the shared SafeFlow draws it: the SafeTx's fields, who proposed, each signature with who made it. */
export function flowOfProposal(
  p: QtSafeProposal,
  extra: { block?: string | null; explorerBaseUrl?: string | null } = {},
): SafeFlowView {
  return {
    safeTxHash: p.safeTxHash,
    nonce: p.nonce,
    threshold: p.threshold,
    signatures: p.signatures,
    status: p.status,
    transactionHash: p.transactionHash,
    block: extra.block ?? null,
    explorerBaseUrl: extra.explorerBaseUrl,
    proposedBy: p.proposedBy,
    tx: {
      to: p.to,
      value: p.value,
      data: p.data,
      operation: p.operation,
      safeTxGas: p.safeTxGas,
      baseGas: p.baseGas,
      gasPrice: p.gasPrice,
      gasToken: p.gasToken,
      refundReceiver: p.refundReceiver,
      nonce: p.nonce,
    },
  };
}
