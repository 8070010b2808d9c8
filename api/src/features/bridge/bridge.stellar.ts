// The bridge on Stellar: XQB is an asset issued by the Stellar server account, so a delivery is a payment
// of XQB from that account (issuing) with the lock's memo as a text memo, and the way back is a payment of
// XQB to it (burning) whose MEMO_HASH names the EVM address. Built on the feature-agnostic client.
import { Asset, Memo, Operation, TransactionBuilder } from "@stellar/stellar-sdk";
import type { LedgerSelector, OpContext } from "../../ledgers/selector";
import type { StellarLedgerClient } from "../../ledgers/stellar";
import { XQB_CODE } from "./bridge.constants";
import { evmAddressFromStellarMemo } from "./bridge.amounts";
import type { DestinationLedger, Lookup } from "./bridge.destination";
import type { SignedDelivery } from "./bridge.repository";

/** The Stellar client (with slice stellar's additions: accountDetails, submit's onSigned, transaction, incomingPayments, assetSupply). */
export type BridgeStellarClient = StellarLedgerClient;

// 0.0001 XLM per operation (ten times the minimum), as the minting feature pays.
const FEE = "1000";
/** How long a signed delivery stays valid (timebounds): after this, unfound, it can never land and is signed again. */
export const STELLAR_DELIVERY_VALID_SECONDS = 60;
/** Ledger close times may trail the clock a little: an envelope counts as expired this long after its maxTime. */
const EXPIRY_MARGIN_MS = 10_000;

export function stellarDestination(selector: LedgerSelector<BridgeStellarClient>): DestinationLedger {
  const issuer = selector.status().account ?? "";
  // Through the selector, so a failing call makes it probe (and turn simulated when the ledger is gone); a
  // simulated client answers these only from what it saw, or refuses (nothing is invented offline).
  const live = <T extends object>(op: (c: BridgeStellarClient, ctx: OpContext) => Promise<T>) => selector.run(op);
  return {
    ledger: "stellar",
    issuer,
    mode: () => ({ live: selector.status().mode === "live", reason: selector.status().reason }),
    explorerUrl: (hash) => `https://stellar.expert/explorer/testnet/tx/${hash}`,
    async receivable(address, amount) {
      const read = await live(async (c, ctx) => ({ account: await c.accountDetails(address, ctx) }));
      // Simulated: only a last-seen view; the delivery is then signed offline and waits for the ledger.
      if (read.source !== "live") return null;
      const account = read.account;
      if (!account) return `destination account ${address} does not exist on Stellar`;
      const line = account.balances.find((b) => b.asset_code === XQB_CODE && b.asset_issuer === issuer);
      if (!line) return `destination ${address} has no XQB trust line (issuer ${issuer})`;
      if (line.limit !== undefined && Number(line.limit) - Number(line.balance ?? "0") < Number(amount))
        return `destination's XQB trust line limit ${line.limit} cannot take ${amount} more (op_line_full)`;
      return null;
    },
    async deliver(req, onSigned) {
      const r = await selector.run((client, ctx) =>
        client.submit(
          (source) => {
            const b = new TransactionBuilder(source, {
              fee: FEE,
              networkPassphrase: client.networkPassphrase,
            }).addOperation(
              Operation.payment({
                destination: req.address,
                asset: new Asset(XQB_CODE, client.serverAccount),
                amount: req.amount,
              }),
            );
            if (req.memo) b.addMemo(Memo.text(req.memo));
            return b.setTimeout(STELLAR_DELIVERY_VALID_SECONDS).build();
          },
          ctx,
          {
            onSigned: (s) =>
              onSigned({
                hash: s.transactionHash,
                blob: s.signedTransaction,
                sequence: s.sequence,
                expiresAt: s.validUntil.toISOString(),
                lastLedgerSequence: null,
              }),
          },
        ),
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
      if (!t.found) return { found: false };
      return {
        found: true,
        success: t.successful,
        ledgerIndex: t.ledger,
        result: t.successful ? "success" : (t.resultCodes ?? "failed"),
      };
    },
    async expired(signed: SignedDelivery) {
      return signed.expiresAt !== null && Date.now() > Date.parse(signed.expiresAt) + EXPIRY_MARGIN_MS;
    },
    async resubmit(signed) {
      await live(async (c, ctx) => ({ submitted: await c.submitSigned(signed.blob, ctx) }));
    },
    async incoming(cursor) {
      const r = await live((c, ctx) => c.incomingPayments(issuer, { cursor: cursor ?? undefined, limit: 100 }, ctx));
      return {
        cursor: r.cursor,
        payments: r.payments.map((p) => ({
          hash: p.transactionHash,
          from: p.from,
          code: p.assetCode,
          issuer: p.assetIssuer,
          amount: p.amount,
          evm: evmAddressFromStellarMemo(p.memoType, p.memo),
          memo: p.memo === null ? `(${p.memoType})` : `${p.memoType}:${p.memo}`,
          ledgerIndex: p.ledger,
          success: p.successful,
        })),
      };
    },
    async supply() {
      const r = await selector.run((client, ctx) => client.assetSupply(XQB_CODE, client.serverAccount, ctx));
      return { amount: r.amount, holders: r.holders, source: r.source, reason: r.reason };
    },
  };
}
