// The public lookup's typed fetch hook (GET /api/xrpl/lookup through its contract: no zod in the page).
import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { xrplAccountContract } from "./contract";

export const getXrplLookup = (address: string, signal?: AbortSignal) =>
  callEndpoint(xrplAccountContract.lookup, { query: { address } }, { signal });

/** Any account by its classic address or X-address; `address` null: nothing asked yet. */
export const useXrplLookup = (address: string | null) =>
  useQuery({
    queryKey: ["xrpl", "lookup", address],
    queryFn: ({ signal }) => getXrplLookup(address!, signal),
    enabled: address !== null,
  });
