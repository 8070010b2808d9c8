import { route, type RouteDef } from "../../http/route";
import { attestationKeyResponse } from "./unified.schemas";
import type { Attestor } from "../../shared/attestation";

export function attestationRoutes(attestor: Attestor): RouteDef[] {
  return [
    route({
      method: "get",
      path: "/api/unified/attestation-key",
      access: "visitor",
      feature: "unified",
      summary: "The ML-DSA-65 public key that signs quantum-secured records",
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
