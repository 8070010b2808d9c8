import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { cryptocurrencyContract, type PricesResponse } from "./contract";
import { pricesKey } from "./keys";

/** GET the bundled daily price snapshots (dated, each point with its source; never live). */
export const getPrices = (signal?: AbortSignal): Promise<PricesResponse> =>
  callEndpoint(cryptocurrencyContract.prices, {}, { signal });

// Bundled files: they do not change while the page is open.
export const usePrices = () =>
  useQuery({ queryKey: pricesKey, queryFn: ({ signal }) => getPrices(signal), staleTime: Infinity });
