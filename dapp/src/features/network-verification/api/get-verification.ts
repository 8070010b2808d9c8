import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { networkVerificationContract, type VerificationResponse } from "./contract";
import { runAgainKey, verificationKey } from "./keys";

/** GET network-verification: the last run if it is younger than 15 s, else a new one (probes of 3 s at most). */
export const getVerification = (signal?: AbortSignal): Promise<VerificationResponse> =>
  callEndpoint(networkVerificationContract.verify, { query: {} }, { signal });

/** …with refresh=true: a new run once the last one is 3 s old; before that the API answers the last run, saying so. */
export const runVerificationAgain = (): Promise<VerificationResponse> =>
  callEndpoint(networkVerificationContract.verify, { query: { refresh: "true" } });

export const useNetworkVerification = () =>
  useQuery({ queryKey: verificationKey, queryFn: ({ signal }) => getVerification(signal) });

/** "Run again": its answer replaces what the page shows. */
export function useRunAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: runAgainKey,
    mutationFn: runVerificationAgain,
    onSuccess: (answer) => queryClient.setQueryData(verificationKey, answer),
  });
}
