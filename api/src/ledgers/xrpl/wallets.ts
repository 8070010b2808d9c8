import { Wallet } from "xrpl";

export interface XrplWallets {
  /** The server's wallet: sends the volume-test payments. */
  server: Wallet;
  /** Receives them; any funded address would do, so a per-process wallet keeps the test self-contained. */
  destination: Wallet;
}

// Generated once per process, so the server keeps one identity (and one faucet funding) until it restarts.
let generated: XrplWallets | null = null;

export function resolveXrplWallets(seed?: string): XrplWallets {
  generated ??= { server: Wallet.generate(), destination: Wallet.generate() };
  return { server: seed ? Wallet.fromSeed(seed) : generated.server, destination: generated.destination };
}

/** What the live client last saw, so a simulated payment carries plausible Sequence and LastLedgerSequence. */
export interface XrplAccountState {
  sequence: number | null;
  validatedLedger: number | null;
}

/** Reliable submission: a transaction not validated within 4 ledgers after the last validated one expires. */
export const LEDGER_WINDOW = 4;
export const FEE_DROPS = "12";
