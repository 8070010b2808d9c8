// The symmetric primitives of the envelope, all from node:crypto: AES-256-GCM, HKDF-SHA-256, SHA-256, and
// strict base64 (a reader must not accept two spellings of the same bytes).
import { createCipheriv, createDecipheriv, createHash, hkdfSync } from "node:crypto";
import { TAG_BYTES } from "./format";

/** AES-256-GCM: ciphertext || 16-byte tag. */
export function aesGcmSeal(key: Uint8Array, nonce: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Uint8Array {
  const c = createCipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  c.setAAD(aad);
  const body = c.update(plaintext);
  const rest = c.final();
  const tag = c.getAuthTag();
  const out = new Uint8Array(body.length + rest.length + TAG_BYTES);
  out.set(body, 0);
  out.set(rest, body.length);
  out.set(tag, body.length + rest.length);
  return out;
}

/** AES-256-GCM open of ciphertext || tag; null when the tag does not verify (no plaintext is released). */
export function aesGcmOpen(key: Uint8Array, nonce: Uint8Array, sealed: Uint8Array, aad: Uint8Array): Uint8Array | null {
  if (sealed.length < TAG_BYTES) return null;
  const d = createDecipheriv("aes-256-gcm", key, nonce, { authTagLength: TAG_BYTES });
  d.setAAD(aad);
  d.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  const body = d.update(sealed.subarray(0, sealed.length - TAG_BYTES));
  try {
    const rest = d.final();
    const out = new Uint8Array(body.length + rest.length);
    out.set(body, 0);
    out.set(rest, body.length);
    return out;
  } catch {
    body.fill(0);
    return null;
  }
}

export function hkdfSha256(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length = 32): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", ikm, salt, info, length));
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export const toBase64 = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Canonical base64 only (padding required, no whitespace); null otherwise. */
export function fromBase64(text: string): Uint8Array | null {
  if (!BASE64.test(text)) return null;
  const bytes = new Uint8Array(Buffer.from(text, "base64"));
  return toBase64(bytes) === text ? bytes : null;
}

/** Constant-time-enough equality for public values (fingerprints). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
