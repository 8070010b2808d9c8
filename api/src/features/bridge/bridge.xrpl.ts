// The bridge on the XRP Ledger: XQB is an issued currency of the XRPL server wallet, so a delivery is an
// IOU Payment from that wallet (issuing) carrying the lock's memo, and the way back is an XQB payment to it
// (burning) with a Memo of type "evm-address". Built on the feature-agnostic client.
import type { LedgerSelector, OpContext } from "../../ledgers/selector";
import type { XrplLedgerClient, XrplSubmitResult, XrplTransactionRequest } from "../../ledgers/xrpl";
import { XQB_CODE } from "./bridge.constants";
import { evmAddressFromXrplMemos } from "./bridge.amounts";
import type { DestinationLedger, Lookup } from "./bridge.destination";

/** The client additions of slice `xrpl` (shared-context.md) the bridge uses. */
export interface BridgeXrplClient extends XrplLedgerClient {
  serverState(ctx?: OpContext): Promise<{ validatedLedger: number; baseFeeDrops: string; networkId: number | null }>;
  accountDetails(address: string, ctx?: OpContext): Promise<{ sequence: number; trustLines: { currency: string; issuer: string; balance: string; limit: string }[] } | null>;
  fund(address: string, ctx?: OpContext): Promise<{ funded: boolean; alreadyExisted: boolean }>;
  submit(
    tx: XrplTransactionRequest,
    ctx?: OpContext,
    opts?: { onSigned?: (s: { transactionHash: string; signedTransaction: string; sequence: number; lastLedgerSequence: number }) => Promise<void> },
  ): Promise<XrplSubmitResult>;
  submitSigned(txBlob: string, ctx?: OpContext): Promise<unknown>;
  transaction(hash: string, ctx?: OpContext): Promise<{ found: false } | { found: true; validated: boolean; result: string; ledgerIndex: number | null }>;
  incomingPayments(
    account: string,
    q: { sinceLedger?: number; marker?: unknown; limit?: number },
    ctx?: OpContext,
  ): Promise<{
    payments: { transactionHash: string; from: string; to: string; currency: string; issuer: string | null; value: string; memos: { type: string | null; data: string | null }[]; ledgerIndex: number; result: string }[];
    marker: unknown | null;
    lastLedger: number;
  }>;
  issuedSupply(issuer: string, currency: string, ctx?: OpContext): Promise<{ amount: string; holders: number }>;
}

const hex = (s: string) => Buffer.from(s, "utf8").toString("hex").toUpperCase();
/** XRPL IOU values carry at most 15 significant digits. */
const significantDigits = (v: string) => v.replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length;

export function xrplDestination(selector: LedgerSelector<BridgeXrplClient>): DestinationLedger {
  const issuer = selector.status().account ?? "";
  return {
    ledger: "xrpl",
    issuer,
    mode: () => ({ live: selector.status().mode === "live", reason: selector.status().reason }),
    explorerUrl: (hash) => `https://testnet.xrpl.org/transactions/${hash}`,
    async receivable(address, amount) {
      if (significantDigits(amount) > 15) return `amount ${amount} has more than the 15 significant digits an XRPL issued currency holds`;
      const account = await selector.requireLive().accountDetails(address);
      if (!account) return `destination account ${address} does not exist on XRPL (tecNO_DST)`;
      const line = account.trustLines.find((l) => l.currency === XQB_CODE && l.issuer === issuer);
      if (!line) return `destination ${address} has no XQB trust line to ${issuer} (tecPATH_DRY)`;
      if (Number(line.limit) - Number(line.balance) < Number(amount)) return `destination's XQB trust line limit ${line.limit} cannot take ${amount} more (tecPATH_PARTIAL)`;
      return null;
    },
    async deliver(req, onSigned) {
      const tx = {
        TransactionType: "Payment",
        Destination: req.address,
        Amount: { currency: XQB_CODE, issuer, value: req.amount },
        ...(req.memo ? { Memos: [{ Memo: { MemoType: hex("text/plain"), MemoData: hex(req.memo) } }] } : {}),
      } as XrplTransactionRequest;
      const r = await selector.run((client, ctx) =>
        client.submit(tx, ctx, {
          onSigned: (s) => onSigned({ hash: s.transactionHash, blob: s.signedTransaction, sequence: String(s.sequence), expiresAt: null, lastLedgerSequence: s.lastLedgerSequence }),
        }),
      );
      return { hash: r.transactionHash, ledgerIndex: r.ledgerIndex, explorerUrl: r.explorerUrl, source: r.source, reason: r.reason };
    },
    async lookup(hash): Promise<Lookup> {
      const t = await selector.requireLive().transaction(hash);
      // Not validated yet is not final: the same as not found (resubmit while not expired).
      if (!t.found || !t.validated) return { found: false };
      return { found: true, success: t.result === "tesSUCCESS", ledgerIndex: t.ledgerIndex, result: t.result };
    },
    async expired(signed) {
      if (signed.lastLedgerSequence === null) return false;
      const state = await selector.requireLive().serverState();
      return state.validatedLedger > signed.lastLedgerSequence;
    },
    async resubmit(signed) {
      await selector.requireLive().submitSigned(signed.blob);
    },
    async incoming(cursor) {
      const since = cursor === null ? undefined : Number(cursor) + 1;
      const r = await selector.requireLive().incomingPayments(issuer, { sinceLedger: since, limit: 100 });
      const last = r.payments.reduce((m, p) => Math.max(m, p.ledgerIndex), 0);
      return {
        // More pages: read again from the last page's newest ledger (inserts are idempotent).
        cursor: String(r.marker !== null && last > 0 ? last - 1 : r.lastLedger),
        payments: r.payments.map((p) => ({
          hash: p.transactionHash,
          from: p.from,
          code: p.currency === "XRP" ? null : p.currency,
          issuer: p.issuer,
          amount: p.value,
          evm: evmAddressFromXrplMemos(p.memos),
          memo: p.memos.map((m) => `${m.type ?? ""}:${m.data ?? ""}`).join(" "),
          ledgerIndex: p.ledgerIndex,
          success: p.result === "tesSUCCESS",
        })),
      };
    },
    async supply() {
      const r = await selector.run((client, ctx) => client.issuedSupply(client.serverAccount, XQB_CODE, ctx));
      return { amount: r.amount, holders: r.holders, source: r.source, reason: r.reason };
    },
  };
}
