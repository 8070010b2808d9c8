// The words and colours of a coin's level and status: one place, so every badge on the page says the same.
import type { PillColor } from "../../../components/pill";
import type { CoinLevel } from "../constants";

export const LEVEL_LABEL: Record<CoinLevel, string> = {
  live: "Live",
  "signed-offline": "Signed offline",
  "display-only": "Display only",
};

/** What each level means here, in a sentence (the badge's tooltip-free explanation, shown in the legend). */
export const LEVEL_MEANING: Record<CoinLevel, string> = {
  live: "a ledger we reach executes the test transaction",
  "signed-offline": "a real testnet transaction is built and signed with the coin's own library, and never broadcast",
  "display-only": "shown only: nothing here could honestly run a transfer of it",
};

export const LEVEL_COLOR: Record<CoinLevel, PillColor> = {
  live: "success",
  "signed-offline": "warning",
  "display-only": "default",
};

export type CoinStatus = "OPERATIONAL" | "UNAVAILABLE" | "DISPLAY_ONLY";

export const STATUS_COLOR: Record<CoinStatus, PillColor> = {
  OPERATIONAL: "success",
  UNAVAILABLE: "error",
  DISPLAY_ONLY: "default",
};

export const HEALTH_COLOR: Record<"healthy" | "degraded" | "down", PillColor> = {
  healthy: "success",
  degraded: "warning",
  down: "error",
};

/** What quantumSecured means on this page, said wherever it is shown. */
export const ATTESTATION_WORDS =
  "the result carries our ML-DSA-65 attestation (the coin's own signature is still classical)";

/** "1,234 ms" / "12.3 ms" */
export const msText = (ms: number) => `${ms.toLocaleString("en-US", { maximumFractionDigits: 1 })} ms`;
