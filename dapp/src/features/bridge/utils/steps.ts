import type { BridgeSide, BridgeTransfer, Source, TransferState } from "../api/types";

// The stepper of one transfer: what a bridge UI shows (Lido/Aave style), computed from the record the
// relayer keeps. Outbound: locked -> relaying -> delivered, or failed -> refunded. Inbound (the way
// back): paid to the issuer (seen) -> releasing -> released, or rejected.

const FINAL: ReadonlySet<TransferState> = new Set(["delivered", "refunded", "released", "rejected"]);
export const isFinal = (state: TransferState) => FINAL.has(state);

import { LEDGER_NAMES } from "./ledger-names";
import { durationInWords } from "../../../lib/time";

export { LEDGER_NAMES };

export type StepStatus = "done" | "current" | "waiting" | "failed";
export type TransferStep = {
  id: TransferState;
  label: string;
  status: StepStatus;
  at: string | null;
  /** The ledger the step's transaction is on, its hash, explorer link, source and the reason when simulated. */
  ledger: keyof typeof LEDGER_NAMES;
  hash: string | null;
  explorerUrl: string | null;
  source: Source | null;
  reason: string | null;
  detail: string;
};

/** The other ledger's side of a transfer: the destination of an outbound one, the origin of an inbound one. */
export const otherSide = (t: BridgeTransfer): BridgeSide | null =>
  (t.direction === "outbound" ? t.destination : t.origin) ?? null;

/**
 * The first step (the lock mined / the payment seen) is done as soon as the record exists; a step before
 * the state reached is done; the state reached is in progress unless final; right after the first step,
 * the next one is in progress (the relayer is on it).
 */
function status(order: TransferState[], reached: TransferState, id: TransferState): StepStatus {
  const at = order.indexOf(reached);
  const me = order.indexOf(id);
  if (me === 0 || me < at) return "done";
  if (me === at) return isFinal(reached) ? "done" : "current";
  if (at === 0 && me === 1) return "current";
  return "waiting";
}

export function transferSteps(t: BridgeTransfer): TransferStep[] {
  const side = otherSide(t);
  const ledger = side?.ledger ?? "stellar";
  const name = LEDGER_NAMES[ledger];
  const ts = (s: TransferState) => t.timestamps[s] ?? t.history.find((h) => h.state === s)?.at ?? null;
  const evm = (
    id: TransferState,
    label: string,
    hash: string | null | undefined,
    detail: string,
    st: StepStatus,
  ): TransferStep => ({
    id,
    label,
    status: st,
    at: ts(id),
    ledger: "evm",
    hash: hash ?? null,
    // The EVM side is the local chain (no public explorer): the step says so instead of a link.
    explorerUrl: null,
    source: hash ? t.evm.source : null,
    reason: null,
    detail,
  });
  // The other ledger's transaction shows on one step only: while relaying (signed, maybe simulated),
  // then on the delivered step once delivered; the user's payment on the way back's first step.
  const other = (id: TransferState, label: string, detail: string, st: StepStatus, withHash: boolean): TransferStep => {
    const hash = withHash ? (side?.deliveryTxHash ?? null) : null;
    return {
      id,
      label,
      status: st,
      at: ts(id),
      ledger,
      hash,
      explorerUrl: hash ? (side?.explorerUrl ?? null) : null,
      source: hash ? (side?.source ?? null) : null,
      reason: side?.reason ?? null,
      detail,
    };
  };

  if (t.direction === "outbound") {
    const failed = t.state === "failed" || t.state === "refunded";
    const delivered = t.state === "delivered";
    // A lock that was not delivered never went through a relay that succeeded: its second step is the
    // failure itself (no green tick for a relay that did not deliver), then the refund.
    const order: TransferState[] = failed ? ["locked", "failed", "refunded"] : ["locked", "relaying", "delivered"];
    const st = (id: TransferState) => status(order, t.state, id);
    const signed = Boolean(side?.deliveryTxHash);
    // What the relayer has done, from the record: a signed payment is shown as signed, never as awaited.
    const relayingDetail = !signed
      ? "Waiting for the relayer to sign the payment from the issuer"
      : side?.source === "simulated"
        ? `Signed offline while ${name} is simulated; the relayer keeps trying until it is live or the deadline passes`
        : `The relayer pays from the issuer${t.attempts > 1 ? ` (${t.attempts} attempts)` : ""}`;
    const locked = evm(
      "locked",
      "Locked in the escrow",
      t.evm.lockTxHash,
      `BridgeEscrow lock #${t.evm.lockNonce ?? t.id}`,
      st("locked"),
    );
    if (!failed)
      return [
        locked,
        other("relaying", `Relaying to ${name}`, relayingDetail, st("relaying"), !delivered),
        other(
          "delivered",
          `Delivered on ${name}`,
          side ? `XQB paid to ${side.address}` : "",
          st("delivered"),
          delivered,
        ),
      ];
    return [
      locked,
      // The payment the relayer signed (offline, when the ledger was simulated) stays visible on the failure.
      other("failed", `Not delivered to ${name}`, t.error ?? "The delivery failed", "failed", signed),
      evm(
        "refunded",
        "Refunded on the local chain",
        t.evm.refundTxHash,
        "The escrow released the XQB back to the sender",
        st("refunded"),
      ),
    ];
  }
  const rejected = t.state === "rejected";
  const order: TransferState[] = rejected ? ["seen", "rejected"] : ["seen", "releasing", "released"];
  const st = (id: TransferState) => status(order, t.state, id);
  const paid = other("seen", `Paid to the issuer on ${name}`, side ? `From ${side.address}` : "", st("seen"), true);
  if (rejected)
    return [paid, { ...evm("rejected", "Rejected", null, t.error ?? "The payment does not name a release", "failed") }];
  return [
    paid,
    evm(
      "releasing",
      "Releasing from the escrow",
      null,
      "The relayer calls release on the local chain",
      st("releasing"),
    ),
    evm(
      "released",
      "Released on the local chain",
      t.evm.releaseTxHash,
      t.evm.recipient ? `XQB paid to ${t.evm.recipient}` : "",
      st("released"),
    ),
  ];
}

/** The deadline line: a lock not delivered by then is refunded on the EVM side. */
export function deadlineText(t: BridgeTransfer, now: number): string | null {
  if (t.direction !== "outbound" || !t.deadlineAt || isFinal(t.state)) return null;
  const left = Math.round((Date.parse(t.deadlineAt) - now) / 1000);
  if (Number.isNaN(left)) return null;
  return left > 0
    ? `Refunded on the local chain if not delivered within ${durationInWords(left)} (by ${new Date(t.deadlineAt).toLocaleTimeString()})`
    : "The deadline has passed: the relayer refunds it";
}
