import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { notify } from "../../../components/toast";
import { QT_MINIMUM_RATIO_PERCENT, QT_OPERATIONS, QT_TOAST_SUCCESS, type QtOperationName } from "../constants";
import type { QtExecuteRequest, QtExecuteResponse } from "../api/contract";
import { executeOperation } from "../api/execute";
import { qtMutationKey, qtQueryKey } from "../api/keys";

/**
 * The spec's request for each operation (part 1 §7): the amount typed, the parameters as the spec lists them,
 * and `coSign: "dev-keys"` only when the operator ticked the server's dev-key co-signing.
 */
export function operationRequest(operation: QtOperationName, amount: string, coSign = false): QtExecuteRequest {
  const cs = coSign ? { coSign: "dev-keys" as const } : {};
  switch (operation) {
    case "deploy_capital":
      return { operation, amount, parameters: { target: "usdc", quantum_security: true }, ...cs };
    case "mint_xqb":
      return { operation, amount, parameters: { treasury_backing: true, quantum_secured: true }, ...cs };
    case "enable_xqbusd":
      return {
        operation,
        amount,
        parameters: { collateral_ratio: QT_MINIMUM_RATIO_PERCENT, quantum_secured: true },
        ...cs,
      };
  }
}

/** True while any treasury write (an operation or the strategy batch) is in flight: every button waits (spec §4). */
export const useTreasuryBusy = () => useIsMutating({ mutationKey: qtMutationKey }) > 0;

/**
 * One operation card's write. Proposed: "Treasury Operation Proposed" and the Safe's queue read again (the
 * owners sign it there). Executed at once (the operator's dev-key co-signing): the spec's toast, and every
 * reading of the page is read again. A refusal stays in the card.
 */
export function useTreasuryOperation(operation: QtOperationName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...qtMutationKey, operation],
    mutationFn: ({ amount, coSign }: { amount: string; coSign: boolean }) =>
      executeOperation(operationRequest(operation, amount, coSign)),
    onSuccess: (result) => {
      announce(result, QT_OPERATIONS[operation].title);
      return queryClient.invalidateQueries({ queryKey: qtQueryKey });
    },
  });
}

/** The toast for a treasury result: the spec's success toast when the Safe executed it, "proposed" when it waits. */
export function announce(result: QtExecuteResponse, what: string) {
  if (result.status === "executed") {
    // A simulated result was never submitted: it is never shown as a success.
    const live = result.source === "live";
    notify({
      variant: live ? "success" : "simulated",
      title: live ? QT_TOAST_SUCCESS.title : "Treasury Operation Simulated",
      description: `${QT_TOAST_SUCCESS.description(what)}.\nSigned by ${result.signatures.length} Safe owners (${result.threshold} needed)${result.block ? `, executed in block ${result.block}` : ""}.`,
    });
  } else {
    notify({
      variant: "info",
      title: "Treasury Operation Proposed",
      description: `${what}: waiting for the owners' signatures (${result.signatures.length} of ${result.threshold}) in Safe transactions.`,
    });
  }
}
