import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, type EndpointInput, type EndpointOutput } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { CREATE_TIMEOUT_MS, qIsolatorKey } from "./keys";

export type CreateIsolationBody = EndpointInput<typeof qIsolatorContract.createIsolation>["body"];
export type CreateIsolationResponse = EndpointOutput<typeof qIsolatorContract.createIsolation>;

/**
 * POST q-isolator/create-isolation: key pairs generated at the level's parameter sets and the isolation stored.
 * On success every isolator read (status, files, profiles, DNS, report) is refreshed (spec §4).
 */
export function useCreateIsolation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIsolationBody) =>
      callEndpoint(qIsolatorContract.createIsolation, { body }, { timeoutMs: CREATE_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qIsolatorKey }),
  });
}
