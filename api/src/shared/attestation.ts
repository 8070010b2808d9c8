// ML-DSA-65 (FIPS 204) attestations: the server signs a canonical line describing each record the
// client asked to be quantum-secured, and serves its public key so anyone can check the signature.
import { createHash, randomBytes } from "node:crypto";
import { ml_dsa65 } from "@noble/post-quantum/ml-dsa.js";

export const ATTESTATION_ALGORITHM = "ML-DSA-65" as const;

export interface Attestation {
  algorithm: typeof ATTESTATION_ALGORITHM;
  message: string;
  /** base64 */
  signature: string;
  /** sha256 (hex) of the public key */
  publicKeyId: string;
}

export interface Attestor {
  readonly publicKey: Uint8Array;
  readonly publicKeyId: string;
  /** True when the key was generated for this process only (no PQ_ATTESTATION_SEED). */
  readonly ephemeral: boolean;
  attest(message: string): Attestation;
}

/** The one line a record's attestation covers; fields are joined with "|" in a fixed order. */
export function attestationMessage(fields: {
  ledger: string;
  network: string;
  transactionHash: string;
  amount: string;
  timestamp: string;
}): string {
  return [
    "xqb-attestation:v1",
    fields.ledger,
    fields.network,
    fields.transactionHash,
    fields.amount,
    fields.timestamp,
  ].join("|");
}

export function createAttestor(seedHex: string | null): Attestor {
  const seed = seedHex
    ? Uint8Array.from(Buffer.from(seedHex.replace(/^0x/, ""), "hex"))
    : new Uint8Array(randomBytes(32));
  if (seed.length !== 32) throw new Error("attestation seed must be 32 bytes");
  const { publicKey, secretKey } = ml_dsa65.keygen(seed);
  const publicKeyId = createHash("sha256").update(publicKey).digest("hex");
  return {
    publicKey,
    publicKeyId,
    ephemeral: seedHex === null,
    attest(message) {
      const signature = ml_dsa65.sign(new TextEncoder().encode(message), secretKey);
      return {
        algorithm: ATTESTATION_ALGORITHM,
        message,
        signature: Buffer.from(signature).toString("base64"),
        publicKeyId,
      };
    },
  };
}

export function verifyAttestation(a: Pick<Attestation, "message" | "signature">, publicKey: Uint8Array): boolean {
  return ml_dsa65.verify(Buffer.from(a.signature, "base64"), new TextEncoder().encode(a.message), publicKey);
}
