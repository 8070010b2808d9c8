import { callEndpoint } from "../../lib/endpoint-client";
import { unifiedContract } from "../../../../api/src/features/unified/unified.contract";
import type { AttestationKeyResponse } from "../../../../api/src/features/unified/unified.schemas";

/** The API's current attestation key. Loaded only by the check dialog, which is its own chunk. */
export const ATTESTATION_KEY_TIMEOUT_MS = 10_000;

export function getAttestationKey(signal?: AbortSignal): Promise<AttestationKeyResponse> {
  const timeout = AbortSignal.timeout(ATTESTATION_KEY_TIMEOUT_MS);
  const both = signal && typeof AbortSignal.any === "function" ? AbortSignal.any([signal, timeout]) : timeout;
  return callEndpoint(unifiedContract.attestationKey, {}, { signal: both });
}
