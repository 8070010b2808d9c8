import { describe, expect, it } from "vitest";
import { attestationMessage, createAttestor, verifyAttestation } from "./attestation";

describe("attestor", () => {
  it("signs with ML-DSA-65 and verifies with the public key", () => {
    const a = createAttestor(null);
    expect(a.ephemeral).toBe(true);
    const message = attestationMessage({
      ledger: "xrpl",
      network: "testnet",
      transactionHash: "AB",
      amount: "1 XRP",
      timestamp: "2025-01-01T00:00:00.000Z",
    });
    expect(message).toBe("xqb-attestation:v1|xrpl|testnet|AB|1 XRP|2025-01-01T00:00:00.000Z");
    const att = a.attest(message);
    expect(att).toMatchObject({ algorithm: "ML-DSA-65", message, publicKeyId: a.publicKeyId });
    expect(a.publicKeyId).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyAttestation(att, a.publicKey)).toBe(true);
    expect(verifyAttestation({ ...att, message: message + "x" }, a.publicKey)).toBe(false);
  });

  it("derives the same key from the same seed", () => {
    const seed = "07".repeat(32);
    const a = createAttestor(seed);
    const b = createAttestor(seed);
    expect(a.ephemeral).toBe(false);
    expect(a.publicKeyId).toBe(b.publicKeyId);
    expect(createAttestor(null).publicKeyId).not.toBe(a.publicKeyId);
    expect(verifyAttestation(a.attest("m"), b.publicKey)).toBe(true);
  });
});
