import { MATCH_RULE } from "../../../types/api-constants";
import type { BridgeLedger, BridgeSummary, LedgerSupply } from "../api/types";
import { formatUnits18 } from "./amount";

export { MATCH_RULE };

export const supplyOf = (s: BridgeSummary, ledger: BridgeLedger): LedgerSupply | undefined => s.supplies.find((x) => x.ledger === ledger);

/**
 * The bridge's books (MATCH_RULE): every XQB locked in the escrow is delivered (the XQB supply on Stellar
 * and XRPL), on its way out, paid back to an issuer and not yet released, or paid back with a memo naming
 * no EVM address (rejected: burnt there, still locked here). Computed here from the
 * figures shown, in base units (exact), so the page never shows green on a difference, however small.
 * `known: false` when a figure could not be read: then nothing is claimed either way.
 */
export type MatchView = { known: true; accounted: string; difference: string; equal: boolean } | { known: false; missing: string[] };

export function matchView(s: BridgeSummary): MatchView {
  const parts: [string, string | undefined][] = [
    ["the escrow's locked total", s.escrow.totalLocked?.baseUnits],
    ["the Stellar supply", supplyOf(s, "stellar")?.supply?.baseUnits],
    ["the XRPL supply", supplyOf(s, "xrpl")?.supply?.baseUnits],
  ];
  const missing = parts.filter(([, v]) => v === undefined).map(([name]) => name);
  if (missing.length) return { known: false, missing };
  const accounted = BigInt(parts[1]![1]!) + BigInt(parts[2]![1]!) + BigInt(s.outboundInFlight.baseUnits) + BigInt(s.inboundPending.baseUnits) + BigInt(s.inboundRejected.baseUnits);
  const difference = BigInt(parts[0]![1]!) - accounted;
  return { known: true, accounted: formatUnits18(accounted), difference: formatUnits18(difference), equal: difference === 0n };
}
