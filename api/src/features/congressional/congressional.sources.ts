// What the presentation reads, as other features offer it through their exports (wired in app.ts): shapes declared
// here, structurally, because features never import each other.
import type { Attestor } from "../../shared/attestation";
import type { GovernmentData } from "../../sources/government/government-data";

/** The compliance audit's rules computed now from the chain (professional's `complianceNow()`). */
export interface ComplianceReading {
  disclaimer: string;
  source: "live" | "simulated";
  reason: string | null;
  blockNumber: string | null;
  rules: { id: string; group: string; rule: string; source: string; measured: string; met: boolean }[];
}

/** A count of recorded rows and when the newest was written. */
export interface RecordedCount {
  count: number;
  lastAt: Date | null;
}

export interface CongressionalDeps {
  compliance: () => Promise<ComplianceReading>;
  /** testnet-operations' environmental VIBE mints. */
  environmentalMints: () => Promise<RecordedCount>;
  /** vibecoins' wallets whose VIBE reward was minted. */
  rewardedWallets: () => Promise<RecordedCount>;
  government: Pick<GovernmentData, "sources" | "figure">;
  attestor: Attestor;
  /** Tests shorten these (congressional.constants.ts has the defaults). */
  figureTimeoutMs?: number;
  cacheMs?: number;
  now?: () => Date;
}
