// The words and colours of levels and statuses on these pages: one place, so every badge says the same.
import type { PillColor } from "../../../components/pill";
import type { ComplianceValidateResponse, RealOperationsResponse } from "../api/contract";

export { COIN_LEVELS, LEVEL_LABEL, LEVEL_MEANING, type CoinLevel } from "../../../components/level-badge";
export { msText } from "../../../lib/format";

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

/** What quantumSecured / the attestation means, said wherever it is shown. */
export const ATTESTATION_WORDS =
  "our ML-DSA-65 attestation of this result; the transaction itself is signed classically";
