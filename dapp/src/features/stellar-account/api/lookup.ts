// The public lookup's typed fetch hook (GET /api/stellar/lookup through its contract: no zod in the page).
import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { stellarAccountContract } from "./contract";

export const getStellarLookup = (address: string, signal?: AbortSignal) =>
  callEndpoint(stellarAccountContract.lookup, { query: { address } }, { signal });

/** Any account by its public key; `address` null: nothing asked yet. */
export const useStellarLookup = (address: string | null) =>
  useQuery({
    queryKey: ["stellar", "lookup", address],
    queryFn: ({ signal }) => getStellarLookup(address!, signal),
    enabled: address !== null,
  });
