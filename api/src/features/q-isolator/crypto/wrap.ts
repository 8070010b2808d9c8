// A recipient stanza: the file key wrapped under a KEK derived from a KEM shared secret. The same for the
// post-quantum envelope (ML-KEM) and the classical one (X25519); only where `sharedSecret` comes from differs.
import { randomBytes } from "node:crypto";
import { NONCE_BYTES, keyAad, wrapInfo } from "./format";
import type { RecipientStanza } from "./header";
import { aesGcmOpen, aesGcmSeal, fromBase64, hkdfSha256, toBase64 } from "./primitives";

/** kek = HKDF-SHA-256(IKM = ss, salt = KEM ciphertext, info = "XQPQ/1 wrap <fileId> <recipientId>", L = 32). */
function kekFor(sharedSecret: Uint8Array, kemCiphertext: Uint8Array, fileId: string, recipientId: string): Uint8Array {
  return hkdfSha256(sharedSecret, kemCiphertext, wrapInfo(fileId, recipientId), 32);
}

export function wrapFileKey(input: {
  fileKey: Uint8Array;
  fileId: string;
  recipientId: string;
  ekSha256: string;
  kemCiphertext: Uint8Array;
  sharedSecret: Uint8Array;
}): RecipientStanza {
  const kek = kekFor(input.sharedSecret, input.kemCiphertext, input.fileId, input.recipientId);
  const wrapNonce = new Uint8Array(randomBytes(NONCE_BYTES));
  const wrappedKey = aesGcmSeal(kek, wrapNonce, input.fileKey, keyAad(input.fileId));
  kek.fill(0);
  return {
    id: input.recipientId,
    ekSha256: input.ekSha256,
    kemCiphertext: toBase64(input.kemCiphertext),
    wrapNonce: toBase64(wrapNonce),
    wrappedKey: toBase64(wrappedKey),
  };
}

/** The file key, or null when the wrap's GCM tag does not verify under the KEK this secret gives. */
export function unwrapFileKey(stanza: RecipientStanza, fileId: string, sharedSecret: Uint8Array): Uint8Array | null {
  const kemCiphertext = fromBase64(stanza.kemCiphertext);
  const wrapNonce = fromBase64(stanza.wrapNonce);
  const wrappedKey = fromBase64(stanza.wrappedKey);
  if (!kemCiphertext || !wrapNonce || !wrappedKey) return null;
  const kek = kekFor(sharedSecret, kemCiphertext, fileId, stanza.id);
  const fileKey = aesGcmOpen(kek, wrapNonce, wrappedKey, keyAad(fileId));
  kek.fill(0);
  return fileKey;
}
