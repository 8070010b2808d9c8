// The words and colours of levels and statuses on these pages: one place, so every badge says the same.
import type { PillColor } from "../../../components/pill";
import type { ComplianceValidateResponse, RealOperationsResponse } from "../api/contract";

export type CoinLevel = "live" | "signed-offline" | "display-only";
export const COIN_LEVELS: readonly CoinLevel[] = ["live", "signed-offline", "display-only"];

export const LEVEL_LABEL: Record<CoinLevel, string> = {
  live: "Live",
  "signed-offline": "Signed offline",
  "display-only": "Display only",
};

export const LEVEL_MEANING: Record<CoinLevel, string> = {
  live: "a ledger we reach executes the test transaction",
  "signed-offline": "a real testnet transaction is built and signed with the coin's own library, and never broadcast",
  "display-only": "shown only: nothing here could honestly run a transfer of it",
};

type CapabilityStatus = RealOperationsResponse["operations"]["realTransactionCapabilities"][string]["status"];

export const CAPABILITY_COLOR: Record<CapabilityStatus, PillColor> = {
  LIVE: "success",
  UNAVAILABLE: "error",
  SIGNED_OFFLINE: "warning",
  DISPLAY_ONLY: "default",
};

export type FrameworkStatus = ComplianceValidateResponse["status"];

/** Green only for VALIDATED, as the API says it; nothing else looks like a pass. */
export const FRAMEWORK_COLOR: Record<FrameworkStatus, PillColor> = {
  VALIDATED: "success",
  PARTIAL: "warning",
  NOT_VALIDATED: "error",
  NOT_ASSESSED: "default",
};

/** "1,234 ms" / "12.3 ms" */
export const msText = (ms: number) => `${ms.toLocaleString("en-US", { maximumFractionDigits: 1 })} ms`;

/** What quantumSecured / the attestation means, said wherever it is shown. */
export const ATTESTATION_WORDS =
  "our ML-DSA-65 attestation of this result; the transaction itself is signed classically";
