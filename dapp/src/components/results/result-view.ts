import type { Source } from "../source-badge";

/** One row of a result's details: an amount, an address, who signed. `copy` adds a copy button. */
export interface ResultDetail {
  label: string;
  value: string;
  /** Shows the value in monospace, shortened, with a copy button (addresses, ids). */
  copy?: boolean;
}

/** An ML-DSA attestation as the API sends it (api/src/shared/attestation.ts). */
export interface ResultAttestation {
  algorithm: string;
  /** The exact text that was signed. */
  message: string;
  /** base64 */
  signature: string;
  /** sha256 (hex) of the public key that signed. */
  publicKeyId: string;
}

/**
 * What the shared results list shows of one result. Each feature maps its own records into this shape;
 * the list knows no feature.
 */
export interface ResultView {
  id: string;
  /** What happened, in a few words: "0.01 ETH → 30 XQB + 20 XQBUSD". */
  title: string;
  ledger: "ethereum" | "stellar" | "xrpl";
  network: string;
  source: Source;
  /** Why it is simulated; null when live. */
  reason: string | null;
  transactionHash: string;
  /** Only for live results; a simulated result never links to an explorer. */
  explorerUrl: string | null;
  /** The block or ledger it was confirmed in; null when live but not yet seen confirmed. */
  ledgerIndex?: number | null;
  /** The account that signed, to compare with the one recovered from the signed transaction. */
  signer?: string | null;
  /** Hex (EVM, XRPL) or base64 XDR (Stellar). */
  signedTransaction?: string | null;
  attestation?: ResultAttestation | null;
  /** What a simulated transaction took for granted. */
  assumptions?: string[];
  /** ISO time. */
  createdAt: string;
  details: ResultDetail[];
  /** Short facts appended to the ledger · network · time line ("signed by wallet"). */
  meta?: string[];
  /** A caveat shown under the result, e.g. that its block is from an earlier run of the local chain. */
  note?: string | null;
  /** A feature's own sort of result ("eth-mint"), for data-kind. */
  kind?: string;
}

export const LEDGER_LABEL: Record<ResultView["ledger"], string> = {
  ethereum: "Ethereum",
  stellar: "Stellar",
  xrpl: "XRP Ledger",
};
