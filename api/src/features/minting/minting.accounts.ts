// The minting feature's own accounts on Stellar and XRPL. The ledger clients hold only the server's key;
// the VIBE issuer and the volume test's destination are this feature's, and it keeps them funded.
import { Keypair } from "@stellar/stellar-sdk";
import { Wallet } from "xrpl";
import type { LedgerSelector } from "../../ledgers/selector";

export interface MintingAccounts {
  /** Issues VIBE and signs the VIBE leg of every mint. STELLAR_ISSUER_SECRET, or generated per process. */
  vibeIssuer: Keypair;
  /** Receives the XRP volume payments: any funded address would do, so a per-process wallet keeps the test self-contained. */
  xrpDestination: string;
}

// Generated once per process, so a server without configured secrets keeps one identity until it restarts.
let generated: { issuer: Keypair; destination: Wallet } | null = null;

export function resolveMintingAccounts(issuerSecret: string | null | undefined): MintingAccounts {
  generated ??= { issuer: Keypair.random(), destination: Wallet.generate() };
  return {
    vibeIssuer: issuerSecret ? Keypair.fromSecret(issuerSecret) : generated.issuer,
    xrpDestination: generated.destination.address,
  };
}

interface Funds {
  ensureFunded(ids: readonly string[]): Promise<void>;
}

/**
 * Funds the accounts through the ledger's faucet whenever a probe finds the ledger live (at once if it is
 * live already): faucets take seconds, more than a request may. The client funds each account once.
 */
export function keepFunded(
  selector: Pick<LedgerSelector<Funds>, "status" | "requireLive" | "onProbe">,
  ids: readonly string[],
): () => void {
  const fund = () => {
    try {
      void selector
        .requireLive()
        .ensureFunded(ids)
        .catch(() => undefined);
    } catch {
      // not live after all: the next good probe funds them
    }
  };
  if (selector.status().mode === "live") fund();
  return selector.onProbe((status) => {
    if (status.mode === "live") fund();
  });
}
