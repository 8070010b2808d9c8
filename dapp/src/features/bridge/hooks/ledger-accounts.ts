import { useQuery } from "@tanstack/react-query";
import { getStellarAccount } from "../../../lib/stellar/stellar-api";
import { useStellarKey } from "../../../lib/stellar/stellar-key";
import { getXrplAccount } from "../../../lib/xrpl/xrpl-api";
import { useXrplWallet } from "../../../lib/xrpl/xrpl-wallet";
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

const XQB = "XQB";

async function readStellar(id: string, issuer: string, signal?: AbortSignal): Promise<LedgerAccountView> {
  const a = await getStellarAccount(id, signal);
  // "none" / exists null: never read (Horizon unreachable since the start): nothing can be said about its trust lines.
  if (a.observed === "none" || a.exists === null)
    return { exists: false, xqbTrustLine: null, xqbBalance: null, source: a.source };
  const line = a.balances.find((b) => b.assetCode === XQB && b.assetIssuer === issuer);
  return {
    exists: a.exists,
    xqbTrustLine: a.exists ? Boolean(line) : false,
    xqbBalance: line ? line.balance : null,
    source: a.source,
  };
}

async function readXrpl(address: string, issuer: string, signal?: AbortSignal): Promise<LedgerAccountView> {
  const r = await getXrplAccount(address, signal);
  // exists null: never read (the XRPL unreachable since the start): nothing can be said.
  if (r.exists === null) return { exists: false, xqbTrustLine: null, xqbBalance: null, source: r.source };
  if (!r.exists || !r.account) return { exists: false, xqbTrustLine: false, xqbBalance: null, source: r.source };
  const line = r.account.trustLines.find((l) => l.currency === XQB && l.issuer === issuer);
  return { exists: true, xqbTrustLine: Boolean(line), xqbBalance: line ? line.balance : null, source: r.source };
}

export function useLedgerAccount(ledger: BridgeLedger, address: string | null, issuer: string | null) {
  return useQuery({
    queryKey: ["bridge", "ledger-account", ledger, address, issuer],
    enabled: Boolean(address && issuer),
    queryFn: ({ signal }) =>
      ledger === "stellar" ? readStellar(address!, issuer!, signal) : readXrpl(address!, issuer!, signal),
    refetchInterval: 10_000,
    retry: 1,
  });
}

/** The user's own key / wallet on each ledger, set on /stellar-key-input and /xrp-account-testing. */
export function useLedgerKeys(): { stellar: string | null; xrpl: string | null } {
  const stellar = useStellarKey().publicKey;
  const xrpl = useXrplWallet().address;
  return { stellar, xrpl };
}
