import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { testnetOperationsContract, type ComplianceValidateResponse } from "./contract";
import { complianceKey } from "./keys";

/** GET each framework by its stated rule, computed now (the GENIUS Act's from the chain). */
export const getCompliance = (signal?: AbortSignal): Promise<ComplianceValidateResponse> =>
  callEndpoint(testnetOperationsContract.complianceValidate, {}, { signal });

export const useCompliance = () =>
  useQuery({ queryKey: complianceKey, queryFn: ({ signal }) => getCompliance(signal) });
