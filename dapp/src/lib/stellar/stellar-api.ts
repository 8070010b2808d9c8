// The stellar-account API from the browser, through its contract (plain data; schemas by type: no zod in the first load),
// and its react-query hooks. Other pages use these; never the feature's folder.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../endpoint-client";
import { stellarAccountContract } from "../../../../api/src/features/stellar-account/stellar-account.contract";
import type {
  StellarAccountResponse,
  StellarFundResponse,
  StellarNetworkResponse,
  StellarSubmitResponse,
} from "../../../../api/src/features/stellar-account/stellar-account.schemas";

export const stellarKeys = {
  all: ["stellar"] as const,
  network: ["stellar", "network"] as const,
  account: (id: string) => ["stellar", "account", id] as const,
};

/** A relayed submission waits for the ledger to close (about 5 s) and friendbot takes seconds: longer than a read. */
export const STELLAR_WRITE_TIMEOUT_MS = 30_000;

export const getStellarNetwork = (signal?: AbortSignal): Promise<StellarNetworkResponse> =>
  callEndpoint(stellarAccountContract.network, {}, { signal });

export const getStellarAccount = (id: string, signal?: AbortSignal): Promise<StellarAccountResponse> =>
  callEndpoint(stellarAccountContract.account, { params: { publicKey: id } }, { signal });

export const fundStellarAccount = (publicKey: string): Promise<StellarFundResponse> =>
  callEndpoint(stellarAccountContract.fund, { body: { publicKey } }, { timeoutMs: STELLAR_WRITE_TIMEOUT_MS });

/** Relays a SIGNED envelope. Only the envelope is sent: never a key. */
export const submitStellarXdr = (envelopeXdr: string): Promise<StellarSubmitResponse> =>
  callEndpoint(stellarAccountContract.submit, { body: { envelopeXdr } }, { timeoutMs: STELLAR_WRITE_TIMEOUT_MS });

export const useStellarNetwork = () =>
  useQuery({ queryKey: stellarKeys.network, queryFn: ({ signal }) => getStellarNetwork(signal), staleTime: 60_000 });

export const useStellarAccount = (id: string | null) =>
  useQuery({
    queryKey: stellarKeys.account(id ?? ""),
    queryFn: ({ signal }) => getStellarAccount(id!, signal),
    enabled: id !== null,
  });

/** Friendbot funding; the account is read again after. */
export function useFundStellarAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fundStellarAccount,
    onSettled: (_r, _e, publicKey) => qc.invalidateQueries({ queryKey: stellarKeys.account(publicKey) }),
  });
}

/** Relays a signed envelope; every account read again after (source and destination changed). */
export function useSubmitStellarXdr() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitStellarXdr,
    onSettled: () => qc.invalidateQueries({ queryKey: ["stellar", "account"] }),
  });
}
