import { getStellarAccount, getStellarNetwork, submitStellarXdr } from "../../../lib/stellar/stellar-api";
import { signStellarXdr } from "../../../lib/stellar/stellar-key";
import type { BridgeLedger } from "../api/types";
import { stellarInboundMemoHex, xrplInboundMemo } from "../utils/memo";

// The way back: a payment of XQB to the issuer, signed in the page with the user's own key (shared libs of
// slices stellar / xrpl; the key never leaves the browser), relayed as signed bytes by the API. Its memo
// names the EVM address the relayer releases to. Loaded with the way-back payment only (the SDKs are heavy).

export type PayIssuerRequest = { ledger: BridgeLedger; from: string; issuer: string; amount: string; evmAddress: string };
export type PayIssuerResult = { transactionHash: string; source: "live" | "simulated"; reason: string | null; explorerUrl: string | null; transferId: string };

/** The inbound transfer's id at the API: "stellar-<hash>" / "xrpl-<HASH>". */
export const inboundTransferId = (ledger: BridgeLedger, hash: string) =>
  // As each ledger writes its hashes: Stellar lower-case hex, XRPL upper-case.
  `${ledger}-${ledger === "stellar" ? hash.toLowerCase() : hash.toUpperCase()}`;

async function payOnStellar(req: PayIssuerRequest): Promise<PayIssuerResult> {
  const memoHex = stellarInboundMemoHex(req.evmAddress);
  const [network, account] = await Promise.all([getStellarNetwork(), getStellarAccount(req.from)]);
  if (!account.exists || account.sequence === null) throw new Error(`The Stellar account ${req.from} is not on the ledger: fund it first`);
  const { buildStellarPayment } = await import("../../../lib/stellar/stellar-build");
  const unsigned = buildStellarPayment({
    source: req.from,
    sequence: account.sequence,
    destination: req.issuer,
    asset: { code: "XQB", issuer: req.issuer },
    amount: req.amount,
    memo: { type: "hash", hex: memoHex },
    networkPassphrase: network.networkPassphrase,
    baseFee: network.baseFeeStroops,
  });
  const signed = await signStellarXdr(unsigned, network.networkPassphrase);
  const r = await submitStellarXdr(signed);
  return { transactionHash: r.transactionHash, source: r.source, reason: r.reason, explorerUrl: r.explorerUrl, transferId: inboundTransferId("stellar", r.transactionHash) };
}

async function payOnXrpl(req: PayIssuerRequest): Promise<PayIssuerResult> {
  xrplInboundMemo(req.evmAddress);
  throw new Error("Signing on the XRPL is not available in this build yet");
}

export function payIssuer(req: PayIssuerRequest): Promise<PayIssuerResult> {
  return req.ledger === "stellar" ? payOnStellar(req) : payOnXrpl(req);
}
