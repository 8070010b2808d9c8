import { useQuery } from "@tanstack/react-query";
import { callEndpoint } from "../endpoint-client";
import { networkContract, type AddressLabel, type NetworkResponse } from "./contract";

/** A network call never waits forever: the wallet code falls back to the default local chain URL after this. */
export const NETWORK_TIMEOUT_MS = 5_000;

let pending: Promise<NetworkResponse> | null = null;

/**
 * GET network, once per page load: the wagmi config (its hardhat transport) and the wallet menus read
 * the same answer. A failed read is forgotten, so the next caller asks again.
 */
export function fetchNetwork(): Promise<NetworkResponse> {
  pending ??= callEndpoint(networkContract.network, {}, { signal: AbortSignal.timeout(NETWORK_TIMEOUT_MS) }).catch(
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** Tests: forget the answer of an earlier test. */
export function forgetNetwork(): void {
  pending = null;
}

export const networkQueryKey = ["network"] as const;

export function useNetwork() {
  return useQuery({ queryKey: networkQueryKey, queryFn: fetchNetwork });
}

/**
 * Every label the API gives this address (the server signer before its dev-account name). Compared in lower
 * case, not by checksum: the labels come checksummed from the API, and a checksum needs keccak (viem), which
 * this first-load module does without.
 */
export function labelsOf(address: string, labels: readonly AddressLabel[] | undefined): AddressLabel[] {
  if (!labels?.length || !/^0x[0-9a-fA-F]{40}$/.test(address)) return [];
  const wanted = address.toLowerCase();
  return labels.filter((l) => l.address.toLowerCase() === wanted);
}
