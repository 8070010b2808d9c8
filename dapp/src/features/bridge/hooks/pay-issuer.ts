import type { BridgeLedger } from "../api/types";
import { stellarInboundMemoHex, xrplInboundMemo } from "../utils/memo";

// The way back: a payment of XQB to the issuer, signed in the page with the user's own key (shared libs of
// slices stellar / xrpl; the key never leaves the browser), relayed as signed bytes by the API. Its memo
// names the EVM address the relayer releases to. Loaded with the way-back tab only (the SDKs are heavy).

export type PayIssuerRequest = { ledger: BridgeLedger; from: string; issuer: string; amount: string; evmAddress: string };
export type PayIssuerResult = { transactionHash: string; source: "live" | "simulated"; reason: string | null; explorerUrl: string | null; transferId: string };

/** The inbound transfer's id at the API: "stellar-<hash>" / "xrpl-<hash>". */
export const inboundTransferId = (ledger: BridgeLedger, hash: string) =>
  // As each ledger writes its hashes: Stellar lower-case hex, XRPL upper-case.
  `${ledger}-${ledger === "stellar" ? hash.toLowerCase() : hash.toUpperCase()}`;

export async function payIssuer(req: PayIssuerRequest): Promise<PayIssuerResult> {
  // Computed first, so a bad address fails before anything is signed.
  if (req.ledger === "stellar") stellarInboundMemoHex(req.evmAddress);
  else xrplInboundMemo(req.evmAddress);
  throw new Error(`Signing on ${req.ledger === "stellar" ? "Stellar" : "the XRPL"} is not available in this build yet`);
}
