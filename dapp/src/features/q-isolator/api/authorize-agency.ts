import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import type { authorizeAgencyBody, authorizeAgencyResponse } from "../../../types/api";
import { AUTHORIZE_TIMEOUT_MS, qIsolatorKey } from "./keys";

export type AuthorizeAgencyResponse = z.output<typeof authorizeAgencyResponse>;

/**
 * POST /api/q-isolator/government-profiles/authorize: the agency's files get their key re-wrapped for another
 * agency (a new version and CID each, the encrypted payload unchanged). Files, profiles and status change with it.
 */
export function useAuthorizeAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof authorizeAgencyBody>) =>
      apiRequest<typeof authorizeAgencyResponse>("/api/q-isolator/government-profiles/authorize", { method: "POST", body, timeoutMs: AUTHORIZE_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qIsolatorKey }),
  });
}
