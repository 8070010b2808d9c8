// The bridge on the XRP Ledger: XQB is an issued currency of the XRPL server wallet, so a delivery is an
// IOU Payment from that wallet (issuing) carrying the lock's memo, and the way back is an XQB payment to it
// (burning) with a Memo of type "evm-address". Built on the feature-agnostic client.
import type { LedgerSelector, OpContext } from "../../ledgers/selector";
import type { XrplLedgerClient, XrplTransactionRequest } from "../../ledgers/xrpl";
import { XQB_CODE } from "./bridge.constants";
import { evmAddressFromXrplMemos } from "./bridge.amounts";
import type { DestinationLedger, Lookup } from "./bridge.destination";

/** The XRPL client (with slice xrpl's additions: serverState, accountDetails, submit's onSigned, submitSigned, transaction, incomingPayments, issuedSupply). */
export type BridgeXrplClient = XrplLedgerClient;

const hex = (s: string) => Buffer.from(s, "utf8").toString("hex").toUpperCase();
/** XRPL IOU values carry at most 15 significant digits. */
const significantDigits = (v: string) => v.replace(".", "").replace(/^0+/, "").replace(/0+$/, "").length;

export function xrplDestination(selector: LedgerSelector<BridgeXrplClient>): DestinationLedger {
  const issuer = selector.status().account ?? "";
  // Through the selector, so a failing call makes it probe (and turn simulated when the ledger is gone); a
  // simulated client answers these only from what it saw, or refuses (nothing is invented offline).
  const live = <T extends object>(op: (c: BridgeXrplClient, ctx: OpContext) => Promise<T>) => selector.run(op);
  return {
    ledger: "xrpl",
    issuer,
    mode: () => ({ live: selector.status().mode === "live", reason: selector.status().reason }),
    explorerUrl: (hash) => `https://testnet.xrpl.org/transactions/${hash}`,
    async receivable(address, amount) {
      if (significantDigits(amount) > 15)
        return `amount ${amount} has more than the 15 significant digits an XRPL issued currency holds`;
      const read = await live(async (c, ctx) => ({ account: await c.accountDetails(address, ctx) }));
      // Simulated: only a last-seen view; the delivery is then signed offline and waits for the ledger.
      if (read.source !== "live") return null;
      const account = read.account;
      if (!account) return `destination account ${address} does not exist on XRPL (tecNO_DST)`;
      const line = account.trustLines.find((l) => l.currency === XQB_CODE && l.issuer === issuer);
      if (!line) return `destination ${address} has no XQB trust line to ${issuer} (tecPATH_DRY)`;
      if (Number(line.limit) - Number(line.balance) < Number(amount))
        return `destination's XQB trust line limit ${line.limit} cannot take ${amount} more (tecPATH_PARTIAL)`;
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
          onSigned: (s) =>
            onSigned({
              hash: s.transactionHash,
              blob: s.signedTransaction,
              sequence: String(s.sequence),
              expiresAt: null,
              lastLedgerSequence: s.lastLedgerSequence,
            }),
        }),
      );
      return {
        hash: r.transactionHash,
        ledgerIndex: r.ledgerIndex,
        explorerUrl: r.explorerUrl,
        source: r.source,
        reason: r.reason,
      };
    },
    async lookup(hash): Promise<Lookup> {
      const t = await live((c, ctx) => c.transaction(hash, ctx));
      // Not validated yet is not final: the same as not found (resubmit while not expired).
      if (!t.found || !t.validated) return { found: false };
      return { found: true, success: t.result === "tesSUCCESS", ledgerIndex: t.ledgerIndex, result: t.result };
    },
    async expired(signed) {
      if (signed.lastLedgerSequence === null) return false;
      const state = await live((c, ctx) => c.serverState(ctx));
      return state.validatedLedger > signed.lastLedgerSequence;
    },
    async resubmit(signed) {
      await live(async (c, ctx) => ({ submitted: await c.submitSigned(signed.blob, ctx) }));
    },
    async incoming(cursor) {
      const since = cursor === null ? undefined : Number(cursor) + 1;
      const r = await live((c, ctx) => c.incomingPayments(issuer, { sinceLedger: since, limit: 100 }, ctx));
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
