// The envelope header: its type, the reader's schema (the "format" check) and the writer's serialisation.
import { z } from "zod";
import { SECURITY_LEVELS, type SecurityLevel } from "../q-isolator.constants";
import { FILE_KEY_BYTES, FORMAT_NAME, FORMAT_VERSION, NONCE_BYTES, TAG_BYTES } from "./format";
import { fromBase64 } from "./primitives";

export interface RecipientStanza {
  /** "custodian" or "agency:<name>" */
  id: string;
  /** hex SHA-256 of the recipient's encapsulation key (the X25519 public key in a classical envelope) */
  ekSha256: string;
  /** base64 ML-KEM ciphertext (an ephemeral X25519 public key in a classical envelope) */
  kemCiphertext: string;
  /** base64, 12 bytes */
  wrapNonce: string;
  /** base64, AES-256-GCM(kek, wrapNonce, fileKey): 32 + 16 bytes */
  wrappedKey: string;
}

export interface EnvelopeHeader {
  format: typeof FORMAT_NAME;
  v: typeof FORMAT_VERSION;
  fileId: string;
  version: number;
  isolationId: string;
  securityLevel: SecurityLevel;
  kem: string;
  sig: string;
  aead: string;
  kdf: string;
  name: string;
  contentType: string;
  /** plaintext bytes */
  size: number;
  createdAt: string;
  payload: { nonce: string; length: number; sha256: string };
  recipients: RecipientStanza[];
  signer: { alg: string; publicKeySha256: string };
}

const hex256 = z.string().regex(/^[0-9a-f]{64}$/, "must be 64 lowercase hex digits (SHA-256)");
const b64 = (bytes?: number) =>
  z.string().refine(
    (s) => {
      const b = fromBase64(s);
      return b !== null && (bytes === undefined ? b.length > 0 : b.length === bytes);
    },
    bytes === undefined ? "must be non-empty canonical base64" : `must be canonical base64 of ${bytes} bytes`,
  );
const text = (max: number) => z.string().min(1).max(max);
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

const stanzaSchema = z.object({
  id: text(200),
  ekSha256: hex256,
  kemCiphertext: b64(),
  wrapNonce: b64(NONCE_BYTES),
  wrappedKey: b64(FILE_KEY_BYTES + TAG_BYTES),
});

/** What a header must hold to be read at all; the values' meaning (binding, policy…) is checked later. */
export const envelopeHeaderSchema = z
  .object({
    format: z.literal(FORMAT_NAME),
    v: z.literal(FORMAT_VERSION),
    fileId: text(200),
    version: count.min(1),
    isolationId: text(200),
    securityLevel: z.enum(SECURITY_LEVELS),
    kem: text(64),
    sig: text(64),
    aead: text(64),
    kdf: text(64),
    name: z.string().max(1024),
    contentType: z.string().max(255),
    size: count,
    createdAt: text(64),
    payload: z.object({ nonce: b64(NONCE_BYTES), length: count.min(TAG_BYTES), sha256: hex256 }),
    recipients: z.array(stanzaSchema).min(1).max(1000),
    signer: z.object({ alg: text(64), publicKeySha256: hex256 }),
  })
  .refine((h) => h.payload.length === h.size + TAG_BYTES, {
    message: "payload.length must be size + 16 (the GCM tag)",
    path: ["payload", "length"],
  })
  .refine((h) => new Set(h.recipients.map((r) => r.id)).size === h.recipients.length, {
    message: "recipient ids must be unique",
    path: ["recipients"],
  });

/** The header's UTF-8 JSON, keys in the documented order (readers do not depend on it). */
export function encodeHeader(h: EnvelopeHeader): Uint8Array {
  const ordered: EnvelopeHeader = {
    format: h.format,
    v: h.v,
    fileId: h.fileId,
    version: h.version,
    isolationId: h.isolationId,
    securityLevel: h.securityLevel,
    kem: h.kem,
    sig: h.sig,
    aead: h.aead,
    kdf: h.kdf,
    name: h.name,
    contentType: h.contentType,
    size: h.size,
    createdAt: h.createdAt,
    payload: { nonce: h.payload.nonce, length: h.payload.length, sha256: h.payload.sha256 },
    recipients: h.recipients.map((r) => ({
      id: r.id,
      ekSha256: r.ekSha256,
      kemCiphertext: r.kemCiphertext,
      wrapNonce: r.wrapNonce,
      wrappedKey: r.wrappedKey,
    })),
    signer: { alg: h.signer.alg, publicKeySha256: h.signer.publicKeySha256 },
  };
  return new TextEncoder().encode(JSON.stringify(ordered));
}
