import { api } from "../../lib/api-client";
import type { attestationKeyResponse, AttestationKeyResponse } from "../../types/api";

/** The API's current attestation key. Loaded only by the check dialog, which is its own chunk. */
export const ATTESTATION_KEY_TIMEOUT_MS = 10_000;

export function getAttestationKey(signal?: AbortSignal): Promise<AttestationKeyResponse> {
  const timeout = AbortSignal.timeout(ATTESTATION_KEY_TIMEOUT_MS);
  const both = signal && typeof AbortSignal.any === "function" ? AbortSignal.any([signal, timeout]) : timeout;
  return api.get<typeof attestationKeyResponse>("/api/unified/attestation-key", both);
}
