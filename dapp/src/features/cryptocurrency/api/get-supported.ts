import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { cryptocurrencyContract, type SupportedResponse } from "./contract";
import { supportedKey } from "./keys";

/** GET the 22 coins: each one's level here and why, its testnet, library, limits and our test accounts. */
export const getSupported = (signal?: AbortSignal): Promise<SupportedResponse> =>
  callEndpoint(cryptocurrencyContract.supported, {}, { signal });

export const useSupported = () =>
  useQuery({ queryKey: supportedKey, queryFn: ({ signal }) => getSupported(signal), staleTime: 60_000 });
