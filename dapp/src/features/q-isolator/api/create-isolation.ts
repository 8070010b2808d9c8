import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client";
import type { createIsolationBody, createIsolationResponse } from "../../../types/api";
import { CREATE_TIMEOUT_MS, qIsolatorKey } from "./keys";

export type CreateIsolationBody = z.output<typeof createIsolationBody>;
export type CreateIsolationResponse = z.output<typeof createIsolationResponse>;

/**
 * POST /api/q-isolator/create-isolation: key pairs generated at the level's parameter sets and the isolation stored.
 * On success every isolator read (status, files, profiles, DNS, report) is refreshed (spec §4).
 */
export function useCreateIsolation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateIsolationBody) =>
      apiRequest<typeof createIsolationResponse>("/api/q-isolator/create-isolation", { method: "POST", body, timeoutMs: CREATE_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qIsolatorKey }),
  });
}
