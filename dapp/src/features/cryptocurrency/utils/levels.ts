// The words and colours of a coin's level and status: one place, so every badge on the page says the same.
import type { PillColor } from "../../../components/pill";
import type { CoinLevel } from "../constants";

export { LEVEL_LABEL, LEVEL_MEANING } from "../../../components/level-badge";
export { msText } from "../../../lib/format";

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
