import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { qIsolatorStatusResponse } from "../../../types/api";
import { STATUS_POLL_MS } from "../constants";
import { statusKey } from "./keys";

/** GET /api/q-isolator/status: the summary and every isolation as last verified (recorded results, no block read), re-read every STATUS_POLL_MS. */
export const useIsolatorStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<typeof qIsolatorStatusResponse>("/api/q-isolator/status", signal),
    refetchInterval: STATUS_POLL_MS,
  });
