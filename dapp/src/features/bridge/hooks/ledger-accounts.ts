import { useQuery } from "@tanstack/react-query";
import type { BridgeLedger } from "../api/types";

// The destination's account as the bridge needs it: does it exist, does it hold the XQB trust line
// (without it a delivery fails and is refunded), and how much XQB it holds (the way back's limit).
// Read through the shared browser libs of slices stellar / xrpl (`getStellarAccount`, `getXrplAccount`).

export type LedgerAccountView = {
  exists: boolean;
  /** null: the account could not be read, so the page cannot say. */
  xqbTrustLine: boolean | null;
  xqbBalance: string | null;
  source: "live" | "simulated" | null;
};

/** TEMPORARY until the libs land: no reading, so the page says it cannot check. */
async function readAccount(_ledger: BridgeLedger, _address: string, _issuer: string): Promise<LedgerAccountView> {
  return { exists: false, xqbTrustLine: null, xqbBalance: null, source: null };
}

export function useLedgerAccount(ledger: BridgeLedger, address: string | null, issuer: string | null) {
  return useQuery({
    queryKey: ["bridge", "ledger-account", ledger, address, issuer],
    enabled: Boolean(address && issuer),
    queryFn: () => readAccount(ledger, address!, issuer!),
    refetchInterval: 10_000,
  });
}

/** The user's own key / wallet on each ledger, set on /stellar-key-input and /xrp-account-testing. */
export function useLedgerKeys(): { stellar: string | null; xrpl: string | null } {
  return { stellar: null, xrpl: null };
}
