import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { testnetStatusResponse } from "../../../types/api";
import { STATUS_POLL_MS } from "../utils/readiness";
import { statusKey } from "./keys";

/** GET /api/testnet/status: the flags, the readiness checks, the measured performance, the latest runs. Every 5 s. */
export const useTestnetStatus = () =>
  useQuery({
    queryKey: statusKey,
    queryFn: ({ signal }) => api.get<typeof testnetStatusResponse>("/api/testnet/status", signal),
    refetchInterval: STATUS_POLL_MS,
  });
