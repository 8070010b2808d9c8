import { getStellarAccount, getStellarNetwork, submitStellarXdr } from "../../../lib/stellar/stellar-api";
import { signStellarXdr } from "../../../lib/stellar/stellar-key";
import { getXrplAccount, getXrplNetwork, submitXrplBlob } from "../../../lib/xrpl/xrpl-api";
import { signXrplTx } from "../../../lib/xrpl/xrpl-wallet";
import type { BridgeLedger } from "../api/types";
import { stellarInboundMemoHex, xrplInboundMemo } from "../utils/memo";

// The way back: a payment of XQB to the issuer, signed in the page with the user's own key (shared libs of
// slices stellar / xrpl; the key never leaves the browser), relayed as signed bytes by the API. Its memo
// names the EVM address the relayer releases to. Loaded with the way-back payment only (the SDKs are heavy).

export type PayIssuerRequest = {
  ledger: BridgeLedger;
  from: string;
  issuer: string;
  amount: string;
  evmAddress: string;
};
export type PayIssuerResult = {
  transactionHash: string;
  source: "live" | "simulated";
  reason: string | null;
  explorerUrl: string | null;
  transferId: string;
};

/** The inbound transfer's id at the API: "stellar-<hash>" / "xrpl-<HASH>". */
export const inboundTransferId = (ledger: BridgeLedger, hash: string) =>
  // As each ledger writes its hashes: Stellar lower-case hex, XRPL upper-case.
  `${ledger}-${ledger === "stellar" ? hash.toLowerCase() : hash.toUpperCase()}`;

async function payOnStellar(req: PayIssuerRequest): Promise<PayIssuerResult> {
  const memoHex = stellarInboundMemoHex(req.evmAddress);
  const [network, account] = await Promise.all([getStellarNetwork(), getStellarAccount(req.from)]);
  if (!account.exists || account.sequence === null)
    throw new Error(`The Stellar account ${req.from} is not on the ledger: fund it first`);
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
  return {
    transactionHash: r.transactionHash,
    source: r.source,
    reason: r.reason,
    explorerUrl: r.explorerUrl,
    transferId: inboundTransferId("stellar", r.transactionHash),
  };
}

async function payOnXrpl(req: PayIssuerRequest): Promise<PayIssuerResult> {
  const memo = xrplInboundMemo(req.evmAddress).Memo;
  const [network, r] = await Promise.all([getXrplNetwork(), getXrplAccount(req.from)]);
  if (!r.account) throw new Error(`The XRPL account ${req.from} is not on the ledger: fund it first`);
  // A reliable submission needs LastLedgerSequence, read from the ledger: never guessed.
  if (!network.ledger)
    throw new Error(
      `The XRPL ledger has never been read (${network.reason ?? "unreachable"}), so the payment cannot be given an expiry`,
    );
  const { buildXrplPayment } = await import("../../../lib/xrpl/xrpl-build");
  const tx = buildXrplPayment({
    account: req.from,
    destination: req.issuer,
    amount: { currency: "XQB", issuer: req.issuer, value: req.amount },
    sequence: r.account.sequence,
    feeDrops: network.ledger.baseFeeDrops,
    lastLedgerSequence: network.ledger.validatedLedger + network.lastLedgerOffset,
  });
  // The shared builder hex-encodes a memo as text; the way back's memo is set here as the rule states it.
  tx.Memos = [{ Memo: memo }];
  const { txBlob } = await signXrplTx(tx);
  const s = await submitXrplBlob(txBlob);
  if (s.source === "live" && !s.succeeded)
    throw new Error(`The XRPL refused the payment: ${s.engineResult ?? s.status} (${s.engineResultText})`);
  return {
    transactionHash: s.transactionHash,
    source: s.source,
    reason: s.reason,
    explorerUrl: s.explorerUrl,
    transferId: inboundTransferId("xrpl", s.transactionHash),
  };
}

export function payIssuer(req: PayIssuerRequest): Promise<PayIssuerResult> {
  return req.ledger === "stellar" ? payOnStellar(req) : payOnXrpl(req);
}
