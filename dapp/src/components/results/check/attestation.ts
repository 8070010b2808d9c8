// Checks an ML-DSA-65 attestation in the browser: the served public key is the one the record names (its
// sha256 is the record's publicKeyId), the signature over the exact message verifies with it, and the
// message names the transaction the result shows. The post-quantum code (tens of kilobytes) is loaded
// only when someone asks for the check.
import { sha256 } from "viem";
import { base64ToBytes } from "./bytes";

export interface AttestationToCheck {
  algorithm: string;
  message: string;
  /** base64 */
  signature: string;
  publicKeyId: string;
}

export interface AttestationCheck {
  /** sha256 of the served key equals the record's publicKeyId. */
  keyMatches: boolean;
  servedKeyId: string;
  valid: boolean;
  /** The signed message's transaction hash field is the result's hash. */
  namesHash: boolean;
  error: string | null;
}

/** `xqb-attestation:v1|ledger|network|transactionHash|amount|timestamp` → its fields. */
export function attestationFields(message: string) {
  const [version, ledger, network, transactionHash, amount, ...rest] = message.split("|");
  return { version, ledger, network, transactionHash, amount, timestamp: rest.join("|") };
}

export async function checkAttestation(
  attestation: AttestationToCheck,
  publicKeyBase64: string,
  shownHash: string,
): Promise<AttestationCheck> {
  const namesHash = attestationFields(attestation.message).transactionHash?.toLowerCase() === shownHash.toLowerCase();
  let publicKey: Uint8Array;
  let signature: Uint8Array;
  try {
    publicKey = base64ToBytes(publicKeyBase64);
    signature = base64ToBytes(attestation.signature);
  } catch {
    return {
      keyMatches: false,
      servedKeyId: "",
      valid: false,
      namesHash,
      error: "the key or the signature is not base64",
    };
  }
  const servedKeyId = sha256(publicKey).slice(2);
  const keyMatches = servedKeyId === attestation.publicKeyId.toLowerCase();
  if (attestation.algorithm !== "ML-DSA-65") {
    return {
      keyMatches,
      servedKeyId,
      valid: false,
      namesHash,
      error: `unsupported algorithm ${attestation.algorithm}`,
    };
  }
  const { ml_dsa65 } = await import("@noble/post-quantum/ml-dsa.js");
  let valid: boolean;
  try {
    valid = ml_dsa65.verify(signature, new TextEncoder().encode(attestation.message), publicKey);
  } catch {
    valid = false; // a malformed key or signature is simply not a valid signature
  }
  return { keyMatches, servedKeyId, valid, namesHash, error: null };
}
