import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, type EndpointInput, type EndpointOutput } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { AUTHORIZE_TIMEOUT_MS, qIsolatorKey } from "./keys";

export type AuthorizeAgencyResponse = EndpointOutput<typeof qIsolatorContract.authorizeAgency>;

/**
 * POST q-isolator/government-profiles/authorize: the agency's files get their key re-wrapped for another
 * agency (a new version and CID each, the encrypted payload unchanged). Files, profiles and status change with it.
 */
export function useAuthorizeAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof qIsolatorContract.authorizeAgency>["body"]) =>
      callEndpoint(qIsolatorContract.authorizeAgency, { body }, { timeoutMs: AUTHORIZE_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qIsolatorKey }),
  });
}
