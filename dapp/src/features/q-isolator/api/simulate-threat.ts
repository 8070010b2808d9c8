import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import type { simulateThreatResponse } from "../../../types/api";
import { THREAT_TYPE } from "../constants";
import { reportKey, SIMULATION_TIMEOUT_MS } from "./keys";

/**
 * POST /api/q-isolator/simulate-threat: `intensity` real attacks per isolation on copies of its files. The report's
 * readiness reads the latest run, so it is read again after one.
 */
export function useSimulateThreat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intensity: number) =>
      apiRequest<typeof simulateThreatResponse>("/api/q-isolator/simulate-threat", { method: "POST", body: { threatType: THREAT_TYPE, intensity }, timeoutMs: SIMULATION_TIMEOUT_MS }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKey }),
  });
}
