// The bridge's readings: the summary sets the escrow's locked total (read from the chain now) against the
// XQB held on Stellar and XRPL (read from each ledger now) plus what is in flight both ways (the database),
// and says whether the rule holds. No figure is copied or assumed: one that cannot be read is null, and so
// is `matches` then.
import { baseUnitsOf, xqbAmountOf } from "./bridge.amounts";
import {
  DEFAULT_DELIVERY_DEADLINE_SECONDS,
  DELIVERABLE_DECIMALS,
  INBOUND_MEMO_RULES,
  MATCH_RULE,
  type BridgeLedger,
  type BridgeState,
} from "./bridge.constants";
import type { DestinationLedger } from "./bridge.destination";
import type { BridgeEvm } from "./bridge.evm";
import type { BridgeRelayer } from "./bridge.relayer";
import type { BridgeRepository } from "./bridge.repository";
import type { BridgeSummary, LedgerSupply } from "./bridge.schemas";

export interface SummaryDeps {
  repo: BridgeRepository;
  chainId: number;
  evm: BridgeEvm;
  destinations: Record<BridgeLedger, DestinationLedger>;
  relayer: () => BridgeRelayer | null;
  currentRun: () => string | null;
  deadlineSeconds?: number;
}

const OUTBOUND_IN_FLIGHT: BridgeState[] = ["locked", "relaying", "failed"];
const INBOUND_PENDING: BridgeState[] = ["seen", "releasing"];

async function supplyOf(dest: DestinationLedger): Promise<LedgerSupply> {
  try {
    const s = await dest.supply();
    const units = s.amount === "0" || /^0(\.0+)?$/.test(s.amount) ? 0n : baseUnitsOf(s.amount);
    return {
      ledger: dest.ledger,
      issuer: dest.issuer,
      supply: units === null ? null : xqbAmountOf(units),
      holders: s.holders,
      source: s.source,
      reason: s.reason,
    };
  } catch (err) {
    return {
      ledger: dest.ledger,
      issuer: dest.issuer,
      supply: null,
      holders: null,
      source: "simulated",
      reason: `XQB supply could not be read: ${(err as Error).message}`,
    };
  }
}

export async function bridgeSummary(d: SummaryDeps): Promise<BridgeSummary> {
  const [escrow, stellar, xrpl, totals, lease] = await Promise.all([
    d.evm.escrow(),
    supplyOf(d.destinations.stellar),
    supplyOf(d.destinations.xrpl),
    d.repo.totals(d.chainId, d.currentRun()),
    d.repo.lease("bridge-relayer"),
  ]);
  let outbound = 0n;
  let inbound = 0n;
  let rejected = 0n;
  const counts: Partial<Record<BridgeState, number>> = {};
  for (const t of totals) {
    counts[t.state as BridgeState] = (counts[t.state as BridgeState] ?? 0) + t.count;
    if (t.direction === "outbound" && OUTBOUND_IN_FLIGHT.includes(t.state as BridgeState)) outbound += t.amount;
    if (t.direction === "inbound" && INBOUND_PENDING.includes(t.state as BridgeState)) inbound += t.amount;
    if (t.direction === "inbound" && t.state === "rejected") rejected += t.amount;
  }
  const supplies = [stellar, xrpl];
  // Only figures read live count: a simulated ledger's supply is not a reading of it.
  const figures =
    escrow.totalLocked !== null &&
    escrow.source === "live" &&
    supplies.every((s) => s.supply !== null && s.source === "live");
  const difference = figures
    ? escrow.totalLocked! -
      supplies.reduce((sum, s) => sum + BigInt(s.supply!.baseUnits), 0n) -
      outbound -
      inbound -
      rejected
    : null;
  const relayer = d.relayer();
  const status = relayer?.status();
  return {
    chainId: d.chainId,
    escrow: {
      address: escrow.address,
      totalLocked: escrow.totalLocked === null ? null : xqbAmountOf(escrow.totalLocked),
      source: escrow.source,
      reason: escrow.reason,
    },
    supplies,
    outboundInFlight: xqbAmountOf(outbound),
    inboundPending: xqbAmountOf(inbound),
    inboundRejected: xqbAmountOf(rejected),
    difference: difference === null ? null : difference.toString(),
    matches: difference === null ? null : difference === 0n,
    rule: MATCH_RULE,
    counts,
    relayer: {
      running: status?.running ?? false,
      leader: status?.leader ?? false,
      heartbeatAt: lease?.heartbeatAt.toISOString() ?? null,
      lastPassAt: status?.lastPassAt?.toISOString() ?? null,
      lastError: status?.lastError ?? lease?.lastError ?? null,
      lockCursor: d.currentRun() ? await d.repo.cursor(`locked:${d.chainId}:${d.currentRun()}`) : null,
    },
    issuers: { stellar: d.destinations.stellar.issuer, xrpl: d.destinations.xrpl.issuer },
    rules: {
      memo: { ...INBOUND_MEMO_RULES },
      deliverableDecimals: DELIVERABLE_DECIMALS,
      deadlineSeconds: d.deadlineSeconds ?? DEFAULT_DELIVERY_DEADLINE_SECONDS,
    },
  };
}
