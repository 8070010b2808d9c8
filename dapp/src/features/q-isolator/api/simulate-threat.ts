import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { THREAT_TYPE } from "../constants";
import { reportKey, SIMULATION_TIMEOUT_MS } from "./keys";

/**
 * POST q-isolator/simulate-threat: `intensity` real attacks per isolation on copies of its files. The report's
 * readiness reads the latest run, so it is read again after one.
 */
export function useSimulateThreat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (intensity: number) =>
      callEndpoint(
        qIsolatorContract.simulateThreat,
        { body: { threatType: THREAT_TYPE, intensity } },
        { timeoutMs: SIMULATION_TIMEOUT_MS },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKey }),
  });
}
