import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { quantumTreasury2Contract, type QtCapacityResponse } from "./contract";
import { qtQueryKey } from "./keys";

/** GET quantum-treasury-2/capacity: the spec's formulas on the server and the vault's own `capacityAt`. */
export const getCapacity = (collateral: string, ratio: string, signal?: AbortSignal): Promise<QtCapacityResponse> =>
  callEndpoint(quantumTreasury2Contract.capacity, { query: { collateral, ratio } }, { signal });

/** `input` null: the inputs are not numbers the vault takes yet, nothing is asked. */
export const useCapacity = (input: { collateral: string; ratio: string } | null) =>
  useQuery({
    queryKey: [...qtQueryKey, "capacity", input?.collateral ?? null, input?.ratio ?? null],
    queryFn: ({ signal }) => getCapacity(input!.collateral, input!.ratio, signal),
    enabled: input !== null,
    placeholderData: keepPreviousData,
  });
