// XQPQ v1 decryption in the browser, from docs/pq-file-envelope.md: the recipient's own key opens the envelope
// here, and the server never sees the key or the plaintext. The checks run in the product's order (format,
// binding, algorithm policy, signature present, signer, ML-DSA signature, version, payload digest, key unwrap,
// AEAD tag) and the first that fails refuses with its name. The algorithms are always the isolation's level's,
// never the ones the header names; the verification key is the isolation's (from GET /status), never one the
// envelope carries. ML-KEM / ML-DSA from @noble/post-quantum, HKDF and SHA-256 from @noble/hashes, AES-256-GCM
// from @noble/ciphers (no WebCrypto: it works over plain http on a LAN too). Loaded on demand only.
import { gcm } from "@noble/ciphers/aes.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { ml_dsa44, ml_dsa65, ml_dsa87 } from "@noble/post-quantum/ml-dsa.js";
import { ml_kem512, ml_kem768, ml_kem1024 } from "@noble/post-quantum/ml-kem.js";
import { LEVEL_ALGORITHMS, type EnvelopeCheck, type SecurityLevel } from "../constants";
import type { AgencyKeyFile } from "./agency-key";
import { fromBase64, toHex, utf8 } from "./bytes";

const KEM = { COMMERCIAL: ml_kem512, ENTERPRISE: ml_kem768, GOVERNMENT: ml_kem1024 } as const;
const DSA = { COMMERCIAL: ml_dsa44, ENTERPRISE: ml_dsa65, GOVERNMENT: ml_dsa87 } as const;
const MAX_HEADER_BYTES = 1024 * 1024;
const TAG_BYTES = 16;

/** A refusal at one of the envelope's checks, in the product's names (CHECK_LABELS). */
export class DecryptRefused extends Error {
  constructor(
    readonly check: EnvelopeCheck,
    readonly detail: string,
  ) {
    super(`${check}: ${detail}`);
  }
}

/** What the page knows about the file before reading its envelope (from the files list and the status). */
export interface ExpectedEnvelope {
  fileId: string;
  isolationId: string;
  level: SecurityLevel;
  /** The isolation's ML-DSA verification key, base64. */
  verificationKey: string;
  /** The file's current version: an older envelope is a replay. */
  currentVersion: number;
}

export interface Decrypted {
  plaintext: Uint8Array;
  name: string;
  contentType: string;
  recipientId: string;
  kem: string;
  /** Every check, in order, all passed. */
  checks: EnvelopeCheck[];
}

interface Stanza {
  id: string;
  ekSha256: string;
  kemCiphertext: string;
  wrapNonce: string;
  wrappedKey: string;
}

const refuse = (check: EnvelopeCheck, detail: string): never => {
  throw new DecryptRefused(check, detail);
};

function b64(text: unknown, what: string, bytes?: number): Uint8Array {
  const out = typeof text === "string" ? fromBase64(text) : null;
  if (!out || (bytes !== undefined && out.length !== bytes))
    return refuse("format", `${what} is not ${bytes === undefined ? "" : `${bytes} bytes of `}base64`);
  return out;
}

/** Opens `envelope` with the agency's key file; throws DecryptRefused at the first check that fails. */
export function decryptEnvelope(envelope: Uint8Array, keyFile: AgencyKeyFile, expected: ExpectedEnvelope): Decrypted {
  // format: "XQPQ" | 0x01 | H (u32 BE) | header | S (u32 BE) | signature | payload
  if (envelope.length < 13 || String.fromCharCode(...envelope.subarray(0, 4)) !== "XQPQ")
    refuse("format", "not an XQPQ envelope (magic)");
  if (envelope[4] !== 1) refuse("format", `format version ${envelope[4]} is not 1`);
  const view = new DataView(envelope.buffer, envelope.byteOffset, envelope.byteLength);
  const H = view.getUint32(5, false);
  if (H > MAX_HEADER_BYTES) refuse("format", `header of ${H} bytes is over 1 MiB`);
  if (9 + H + 4 > envelope.length) refuse("format", "the header runs past the envelope");
  const S = view.getUint32(9 + H, false);
  if (13 + H + S + TAG_BYTES > envelope.length) refuse("format", "the signature runs past the envelope");
  let header: Record<string, unknown>;
  try {
    header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(envelope.subarray(9, 9 + H))) as Record<
      string,
      unknown
    >;
  } catch {
    return refuse("format", "the header is not UTF-8 JSON");
  }
  const payloadInfo = header.payload as { nonce?: unknown; length?: unknown; sha256?: unknown } | undefined;
  const recipients = header.recipients as Stanza[] | undefined;
  const signer = header.signer as { alg?: unknown; publicKeySha256?: unknown } | undefined;
  if (
    header.format !== "XQPQ" ||
    header.v !== 1 ||
    !payloadInfo ||
    !Array.isArray(recipients) ||
    !signer ||
    typeof header.version !== "number"
  )
    refuse("format", "a header field is missing");

  // binding, algorithm policy: the level is the isolation's, whatever the header says
  const level = expected.level;
  const algorithms = LEVEL_ALGORITHMS[level];
  if (
    header.fileId !== expected.fileId ||
    header.isolationId !== expected.isolationId ||
    header.securityLevel !== level
  ) {
    refuse(
      "binding",
      `the envelope is bound to file ${String(header.fileId)} of ${String(header.isolationId)} (${String(header.securityLevel)}), not this one`,
    );
  }
  if (
    header.kem !== algorithms.kem ||
    header.sig !== algorithms.sig ||
    header.aead !== "AES-256-GCM" ||
    header.kdf !== "HKDF-SHA-256"
  ) {
    refuse(
      "algorithm-policy",
      `${String(header.kem)} + ${String(header.sig)}: ${algorithms.kem} + ${algorithms.sig} required at ${level}`,
    );
  }
  if (S === 0) refuse("signature-present", "the envelope is unsigned");

  // signer and ML-DSA signature over M = the first 9 + H bytes, context "XQPQ/1", under the isolation's key
  const vk = b64(expected.verificationKey, "the isolation's verification key");
  if (signer!.alg !== algorithms.sig || signer!.publicKeySha256 !== toHex(sha256(vk)))
    refuse("signer", "the envelope names another signer than the isolation's key");
  const signature = envelope.subarray(13 + H, 13 + H + S);
  let verified: boolean;
  try {
    verified = DSA[level].verify(signature, envelope.subarray(0, 9 + H), vk, { context: utf8("XQPQ/1") });
  } catch {
    verified = false;
  }
  if (!verified)
    refuse("ml-dsa-signature", `the ${algorithms.sig} signature does not verify under the isolation's key`);

  // version (anti-replay), payload digest
  if ((header.version as number) < expected.currentVersion)
    refuse("version", `superseded: version ${String(header.version)} < current ${expected.currentVersion}`);
  const payload = envelope.subarray(13 + H + S);
  if (payload.length !== payloadInfo!.length || toHex(sha256(payload)) !== payloadInfo!.sha256)
    refuse("payload-digest", "the encrypted file's SHA-256 or length differs from the signed header");

  // key unwrap with the agency's own decapsulation key
  const stanza = recipients!.find((r) => r.id === keyFile.recipientId);
  if (!stanza)
    return refuse(
      "key-unwrap",
      `the envelope has no stanza for ${keyFile.recipientId} (its recipients: ${recipients!.map((r) => r.id).join(", ")})`,
    );
  const key = keyFile.keys.find((k) => k.securityLevel === level);
  if (!key) return refuse("key-unwrap", `the key file holds no ${algorithms.kem} key`);
  if (stanza.ekSha256 !== key.ekSha256)
    refuse(
      "key-unwrap",
      `the stanza for ${keyFile.recipientId} was made for another ${algorithms.kem} key than this key file's`,
    );
  const dk = b64(key.decapsulationKey, "the decapsulation key");
  const kemCiphertext = b64(stanza.kemCiphertext, "the KEM ciphertext");
  const fileId = expected.fileId;
  let fileKey: Uint8Array;
  try {
    const ss = KEM[level].decapsulate(kemCiphertext, dk);
    const kek = hkdf(sha256, ss, kemCiphertext, utf8(`XQPQ/1 wrap ${fileId} ${keyFile.recipientId}`), 32);
    fileKey = gcm(kek, b64(stanza.wrapNonce, "the wrap nonce", 12), utf8(`XQPQ/1 key ${fileId}`)).decrypt(
      b64(stanza.wrappedKey, "the wrapped key", 48),
    );
  } catch (err) {
    if (err instanceof DecryptRefused) throw err;
    return refuse(
      "key-unwrap",
      "the file key does not unwrap with this key (a wrong key, or a tampered KEM ciphertext)",
    );
  } finally {
    dk.fill(0);
  }

  // the payload
  let plaintext: Uint8Array;
  try {
    plaintext = gcm(
      fileKey,
      b64(payloadInfo!.nonce, "the payload nonce", 12),
      utf8(`XQPQ/1 payload ${fileId}`),
    ).decrypt(payload);
  } catch (err) {
    if (err instanceof DecryptRefused) throw err;
    return refuse("aead-tag", "the AES-256-GCM tag of the encrypted file does not verify");
  } finally {
    fileKey.fill(0);
  }
  return {
    plaintext,
    name: typeof header.name === "string" && header.name ? header.name : "decrypted.bin",
    contentType: typeof header.contentType === "string" ? header.contentType : "application/octet-stream",
    recipientId: keyFile.recipientId,
    kem: algorithms.kem,
    checks: [
      "format",
      "binding",
      "algorithm-policy",
      "signature-present",
      "signer",
      "ml-dsa-signature",
      "version",
      "payload-digest",
      "key-unwrap",
      "aead-tag",
    ],
  };
}
