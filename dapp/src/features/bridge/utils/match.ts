import type { BridgeSummary } from "../api/types";
import { addDecimals, subDecimals } from "./amount";

/**
 * The bridge's books: every XQB locked in the escrow is either delivered (the XQB supply on Stellar and
 * XRPL), on its way out (locked, not delivered yet), or paid back to an issuer and not yet released.
 * So totalLocked = Stellar supply + XRPL supply + outbound in flight + inbound not yet released.
 */
export const MATCH_RULE = "Locked in the escrow = XQB supply on Stellar + XQB supply on XRPL + outbound in flight + inbound not yet released";

export type MatchView = { accounted: string; difference: string; equal: boolean };

/** Computed here from the figures shown (exact decimal arithmetic), so the page never shows green on a difference. */
export function matchView(s: BridgeSummary): MatchView {
  const accounted = addDecimals(s.supplies.stellar.amount, s.supplies.xrpl.amount, s.inFlight.outbound, s.inFlight.inbound);
  const difference = subDecimals(s.escrow.totalLocked, accounted);
  return { accounted, difference, equal: difference === "0" };
}
