// The stellar-account feature's reads on the Stellar client (live or simulated, run by the selector): the base
// fee a transaction offers and a public account lookup. A simulated client answers neither from the network:
// the fee falls back to the SDK's BASE_FEE (said so) and a lookup is unknown, never a last-seen balance.
import { BASE_FEE } from "@stellar/stellar-sdk";
import type { OpContext } from "../../ledgers/selector";
import { neverSeen, NOT_ON_SIMULATED, type StellarLedgerClient } from "../../ledgers/stellar";

export interface StellarBaseFee {
  stroops: string;
  source: "horizon-fee-stats" | "sdk-default";
  ledger: number | null;
}

const onlyOnHorizon = (err: unknown) =>
  err instanceof Error &&
  err.name === "LedgerUnreachableError" &&
  (err as { cause?: unknown }).cause === NOT_ON_SIMULATED;

/** Horizon's last ledger base fee; the SDK's BASE_FEE when the client cannot ask Horizon (simulated). */
export async function readBaseFee(c: StellarLedgerClient, ctx?: OpContext): Promise<StellarBaseFee> {
  try {
    const stats = await c.feeStats(ctx);
    return { stroops: stats.lastLedgerBaseFeeStroops, source: "horizon-fee-stats", ledger: stats.lastLedger };
  } catch (err) {
    if (!onlyOnHorizon(err)) throw err;
    return { stroops: BASE_FEE, source: "sdk-default", ledger: null };
  }
}

/** The account as Horizon reads it now: null when it does not exist, undefined when the simulated client never read it. */
export async function readAccount(c: StellarLedgerClient, id: string, ctx?: OpContext) {
  try {
    return await c.accountDetails(id, ctx);
  } catch (err) {
    if (neverSeen(err)) return undefined;
    throw err;
  }
}
