import { Router } from "express";
import { attestationKeyResponse } from "../unified/unified.schemas";
import type { Attestor } from "./attestation.service";

export function attestationRoutes(attestor: Attestor): Router {
  const router = Router();
  router.get("/api/unified/attestation-key", (_req, res) => {
    res.json(
      attestationKeyResponse.parse({
        algorithm: "ML-DSA-65",
        publicKey: Buffer.from(attestor.publicKey).toString("base64"),
        publicKeyId: attestor.publicKeyId,
        ephemeral: attestor.ephemeral,
      }),
    );
  });
  return router;
}
