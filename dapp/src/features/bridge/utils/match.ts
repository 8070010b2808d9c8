import { MATCH_RULE } from "../constants";
import type { BridgeLedger, BridgeSummary, LedgerSupply } from "../api/types";
import { formatUnits18 } from "./amount";

export { MATCH_RULE };

export const supplyOf = (s: BridgeSummary, ledger: BridgeLedger): LedgerSupply | undefined =>
  s.supplies.find((x) => x.ledger === ledger);

/**
 * The bridge's books (MATCH_RULE): every XQB locked in the escrow is delivered (the XQB supply on Stellar
 * and XRPL), on its way out, paid back to an issuer and not yet released, or paid back with a memo naming
 * no EVM address (rejected: burnt there, still locked here). Computed here from the
 * figures shown, in base units (exact), so the page never shows green on a difference, however small.
 * `known: false` when a figure could not be read: then nothing is claimed either way.
 */
export type MatchView =
  | { known: true; accounted: string; difference: string; equal: boolean }
  /** `partial`: the difference over the figures that could be read (the locked total known), never green. */
  | { known: false; missing: string[]; partial: { accounted: string; difference: string } | null };

export function matchView(s: BridgeSummary): MatchView {
  const parts: [string, string | undefined][] = [
    ["the escrow's locked total", s.escrow.totalLocked?.baseUnits],
    ["the Stellar supply", supplyOf(s, "stellar")?.supply?.baseUnits],
    ["the XRPL supply", supplyOf(s, "xrpl")?.supply?.baseUnits],
  ];
  const missing = parts.filter(([, v]) => v === undefined).map(([name]) => name);
  const accounted =
    BigInt(parts[1]![1] ?? 0) +
    BigInt(parts[2]![1] ?? 0) +
    BigInt(s.outboundInFlight.baseUnits) +
    BigInt(s.inboundPending.baseUnits) +
    BigInt(s.inboundRejected.baseUnits);
  const locked = parts[0]![1];
  if (missing.length) {
    return {
      known: false,
      missing,
      partial:
        locked === undefined
          ? null
          : { accounted: formatUnits18(accounted), difference: formatUnits18(BigInt(locked) - accounted) },
    };
  }
  const difference = BigInt(locked!) - accounted;
  return {
    known: true,
    accounted: formatUnits18(accounted),
    difference: formatUnits18(difference),
    equal: difference === 0n,
  };
}
