// The unified feature's endpoints (http/endpoint.ts): the platform's status and the attestation key.
import { endpoint } from "../../http/endpoint";
import type { attestationKeyResponse, unifiedStatusResponse } from "./unified.schemas";

export const unifiedContract = {
  status: endpoint<{ response: typeof unifiedStatusResponse }>()({
    method: "get",
    path: "/api/unified/status",
    access: "visitor",
    feature: "unified",
    summary: "Each ledger's mode (live or simulated, and why), the database, the stored mints",
  }),
  attestationKey: endpoint<{ response: typeof attestationKeyResponse }>()({
    method: "get",
    path: "/api/unified/attestation-key",
    access: "visitor",
    feature: "unified",
    summary: "The ML-DSA-65 public key that signs quantum-secured records",
  }),
};
