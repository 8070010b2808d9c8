import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { testnetOperationsContract, type StellarTransactionResponse } from "./contract";
import { PAYMENT_TIMEOUT_MS, testnetQueriesKey } from "./keys";

export type TestnetStellarInput = { amount: string; memo: string };

/** POST /api/testnet/stellar-transaction {amount, memo}: the dashboard's payment (an empty memo is none). */
export const sendTestnetStellar = ({ amount, memo }: TestnetStellarInput): Promise<StellarTransactionResponse> =>
  callEndpoint(
    testnetOperationsContract.testnetStellar,
    { body: { amount: amount.trim(), memo: memo === "" ? null : memo } },
    { timeoutMs: PAYMENT_TIMEOUT_MS },
  );

/** The spec: a successful payment refreshes the testnet queries (what runs here, at which level now). */
export function useTestnetStellar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...testnetQueriesKey, "stellar-transaction"],
    mutationFn: sendTestnetStellar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: testnetQueriesKey }),
  });
}
