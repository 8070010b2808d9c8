import { implement, type RouteDef } from "../../http/route";
import { unifiedContract } from "./unified.contract";
import { attestationKeyResponse } from "./unified.schemas";
import type { Attestor } from "../../shared/attestation";

export function attestationRoutes(attestor: Attestor): RouteDef[] {
  return [
    implement(unifiedContract.attestationKey, {
      response: attestationKeyResponse,
      handler: () => ({
        algorithm: "ML-DSA-65" as const,
        publicKey: Buffer.from(attestor.publicKey).toString("base64"),
        publicKeyId: attestor.publicKeyId,
        ephemeral: attestor.ephemeral,
      }),
    }),
  ];
}
