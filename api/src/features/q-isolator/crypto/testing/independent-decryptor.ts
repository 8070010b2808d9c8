// An XQPQ v1 decryptor written from docs/pq-file-envelope.md alone, for the tests. It shares NOTHING with the
// product's code (no import from ../ or the constants): its own parser, ML-KEM from `mlkem` (dajiaji's
// implementation, not noble's), HKDF and SHA-256 from @noble/hashes, AES-GCM from @noble/ciphers (the product
// uses node:crypto for all three). The ML-DSA signature is verified with @noble/post-quantum's ml_dsa used
// directly as a library (the product reaches it only through its pq.ts).
import { createMlKem1024, createMlKem512, createMlKem768, type MlKemInterface } from "mlkem";
import { gcm } from "@noble/ciphers/aes.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";

const KEMS: Record<string, () => Promise<MlKemInterface>> = {
  "ML-KEM-512": createMlKem512,
  "ML-KEM-768": createMlKem768,
  "ML-KEM-1024": createMlKem1024,
};
const DSAS = { "ML-DSA-44": ml_dsa44, "ML-DSA-65": ml_dsa65, "ML-DSA-87": ml_dsa87 } as Record<string, typeof ml_dsa65>;

const enc = (s: string) => new TextEncoder().encode(s);
const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

interface Stanza {
  id: string;
  ekSha256: string;
  kemCiphertext: string;
  wrapNonce: string;
  wrappedKey: string;
}

/** Decrypts `envelope` for recipient `recipientId` holding FIPS 203 decapsulation key `dk`. Throws on any failure. */
export async function independentDecrypt(
  envelope: Uint8Array,
  recipientId: string,
  dk: Uint8Array,
  verificationKey: Uint8Array,
): Promise<Uint8Array> {
  // Layout: "XQPQ" | 0x01 | H (u32 BE) | header | S (u32 BE) | signature | payload
  if (String.fromCharCode(...envelope.subarray(0, 4)) !== "XQPQ" || envelope[4] !== 1) throw new Error("not XQPQ v1");
  const u32 = (at: number) =>
    ((envelope[at]! << 24) | (envelope[at + 1]! << 16) | (envelope[at + 2]! << 8) | envelope[at + 3]!) >>> 0;
  const H = u32(5);
  if (H > 1 << 20) throw new Error("header too large");
  const headerBytes = envelope.subarray(9, 9 + H);
  const S = u32(9 + H);
  if (S === 0) throw new Error("unsigned");
  const signature = envelope.subarray(13 + H, 13 + H + S);
  const payload = envelope.subarray(13 + H + S);
  const header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(headerBytes)) as {
    fileId: string;
    kem: string;
    sig: string;
    payload: { nonce: string; length: number; sha256: string };
    recipients: Stanza[];
    signer: { alg: string; publicKeySha256: string };
  };

  // Signature over M = the first 9 + H bytes, context "XQPQ/1", under the key we hold (not one the header names).
  const dsa = DSAS[header.sig];
  if (!dsa) throw new Error(`unknown signature algorithm ${header.sig}`);
  if (bytesToHex(sha256(verificationKey)) !== header.signer.publicKeySha256)
    throw new Error("signer fingerprint mismatch");
  if (!dsa.verify(signature, envelope.subarray(0, 9 + H), verificationKey, { context: enc("XQPQ/1") }))
    throw new Error("signature does not verify");
  if (payload.length !== header.payload.length || bytesToHex(sha256(payload)) !== header.payload.sha256)
    throw new Error("payload digest mismatch");

  const makeKem = KEMS[header.kem];
  if (!makeKem) throw new Error(`unknown KEM ${header.kem}`);
  const kem = await makeKem();
  const stanza = header.recipients.find((r) => r.id === recipientId);
  if (!stanza) throw new Error(`no stanza for ${recipientId}`);
  const kemCiphertext = b64(stanza.kemCiphertext);
  const ss = kem.decap(kemCiphertext, dk);
  const kek = hkdf(sha256, ss, kemCiphertext, enc(`XQPQ/1 wrap ${header.fileId} ${recipientId}`), 32);
  const fileKey = gcm(kek, b64(stanza.wrapNonce), enc(`XQPQ/1 key ${header.fileId}`)).decrypt(b64(stanza.wrappedKey));
  return gcm(fileKey, b64(header.payload.nonce), enc(`XQPQ/1 payload ${header.fileId}`)).decrypt(payload);
}

/** The encapsulation key `mlkem` derives for a FIPS 203 seed d ‖ z (to cross-check key formats). */
export async function independentKeypair(
  kemName: string,
  seed64: Uint8Array,
): Promise<{ ek: Uint8Array; dk: Uint8Array }> {
  const kem = await KEMS[kemName]!();
  const [ek, dk] = kem.deriveKeyPair(seed64);
  return { ek, dk };
}
