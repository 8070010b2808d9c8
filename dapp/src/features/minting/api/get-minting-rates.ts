import { queryOptions, useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mintingContract, type MintingRatesResponse } from "./contract";

/** XQBMinter's rules as the chain says them (GET minting/rates): the page never keeps a copy. */
export const getMintingRates = (signal?: AbortSignal): Promise<MintingRatesResponse> =>
  callEndpoint(mintingContract.rates, {}, { signal });

export const mintingRatesQueryKey = ["minting", "rates"] as const;

export const getMintingRatesQueryOptions = () =>
  queryOptions({ queryKey: mintingRatesQueryKey, queryFn: ({ signal }) => getMintingRates(signal) });

export const useMintingRates = () => useQuery(getMintingRatesQueryOptions());

/** "1 ETH mints 3,000 XQB and up to 2,000 XQBUSD (150% collateral)", or why it cannot be said. */
export function ethRateText(rates: MintingRatesResponse | undefined): string {
  const e = rates?.ethereum;
  if (!e) return "1 ETH mints … (reading XQBMinter)";
  if (e.source !== "chain" || e.xqbPerEth === null || e.xqbusdPerEth === null)
    return `XQBMinter's rates cannot be read now (${e.reason ?? "chain unavailable"})`;
  return `1 ETH mints ${e.xqbPerEth.toLocaleString("en-US")} XQB and up to ${e.xqbusdPerEth.toLocaleString("en-US")} XQBUSD (${e.collateralRatioPercent}% collateral at $${e.ethUsdPrice?.toLocaleString("en-US")} per ETH)`;
}
