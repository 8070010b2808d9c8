// The xrpl-account API from the browser (shared: the account pages, the faucet, the bridge pages use it).
// Through its contract (plain data; schemas by type only): nothing here loads zod or xrpl.js.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../endpoint-client";
import { xrplAccountContract } from "../../../../api/src/features/xrpl-account/xrpl-account.contract";

/** The faucet and a reliable submission both wait on ledgers closing (3-5 s each). */
const LEDGER_WAIT_MS = 40_000;

export const getXrplNetwork = (signal?: AbortSignal) => callEndpoint(xrplAccountContract.network, {}, { signal });
export const getXrplAccount = (address: string, signal?: AbortSignal) =>
  callEndpoint(xrplAccountContract.account, { params: { address } }, { signal });
export const fundXrplAccount = (address: string) =>
  callEndpoint(xrplAccountContract.fund, { body: { address } }, { timeoutMs: LEDGER_WAIT_MS });
/** Relays a blob signed in this page; the API never sees the seed. */
export const submitXrplBlob = (txBlob: string) =>
  callEndpoint(xrplAccountContract.submit, { body: { txBlob } }, { timeoutMs: LEDGER_WAIT_MS });

export const xrplKeys = {
  network: ["xrpl", "network"] as const,
  account: (address: string | null) => ["xrpl", "account", address] as const,
};

export const xrplNetworkQuery = () =>
  queryOptions({ queryKey: xrplKeys.network, queryFn: ({ signal }) => getXrplNetwork(signal), staleTime: 10_000 });
export const useXrplNetwork = () => useQuery(xrplNetworkQuery());

export const xrplAccountQuery = (address: string | null) =>
  queryOptions({
    queryKey: xrplKeys.account(address),
    queryFn: ({ signal }) => getXrplAccount(address!, signal),
    enabled: address !== null,
    refetchInterval: 15_000,
  });
export const useXrplAccount = (address: string | null) => useQuery(xrplAccountQuery(address));

export function useFundXrplAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fundXrplAccount,
    onSuccess: (data) => {
      if (data.account)
        qc.setQueryData(xrplKeys.account(data.address), {
          address: data.address,
          source: data.source,
          reason: data.reason,
          exists: true,
          account: data.account,
        });
      void qc.invalidateQueries({ queryKey: xrplKeys.account(data.address) });
    },
  });
}

export function useSubmitXrplBlob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitXrplBlob,
    onSettled: (data) => {
      if (data) void qc.invalidateQueries({ queryKey: xrplKeys.account(data.account) });
    },
  });
}
