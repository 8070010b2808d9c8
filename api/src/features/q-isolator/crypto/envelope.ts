// Sealing and parsing XQPQ v1 envelopes (docs/pq-file-envelope.md). Sealing: a random file key encrypts the
// file once (AES-256-GCM); each recipient gets the file key wrapped under an ML-KEM-derived key; ML-DSA signs
// the prefix and header, which carry the payload's SHA-256 and every KEM ciphertext.
import { randomBytes } from "node:crypto";
import { LEVEL_ALGORITHMS, type SecurityLevel } from "../q-isolator.constants";
import {
  AEAD,
  CLASSICAL_KEM,
  CLASSICAL_SIG,
  FILE_KEY_BYTES,
  FORMAT_NAME,
  FORMAT_VERSION,
  KDF,
  MAGIC,
  MAX_HEADER_BYTES,
  NONCE_BYTES,
  PREFIX_BYTES,
  SIGN_CONTEXT,
  assemble,
  payloadAad,
  signedPart,
} from "./format";
import { encodeHeader, envelopeHeaderSchema, type EnvelopeHeader, type RecipientStanza } from "./header";
import { dsaSign, kemEncapsulate } from "./pq";
import { aesGcmSeal, sha256Hex, toBase64 } from "./primitives";
import { DuplicateRecipient, EnvelopeRefused } from "./refusal";
import { wrapFileKey } from "./wrap";

export type { EnvelopeHeader, RecipientStanza } from "./header";

export interface Recipient {
  id: string;
  encapsulationKey: Uint8Array;
}

export interface Signer {
  level: SecurityLevel;
  signingKey: Uint8Array;
  verificationKey: Uint8Array;
}

export interface ParsedEnvelope {
  header: EnvelopeHeader;
  /** The signed message M: magic, version, H and the header's exact bytes. */
  signed: Uint8Array;
  signature: Uint8Array;
  /** AES-256-GCM ciphertext || tag */
  payload: Uint8Array;
}

const RECIPIENT_ID = /^(custodian|agency:.+)$/;

/** One ML-KEM stanza for `recipient` holding `fileKey`. */
export function pqStanza(
  level: SecurityLevel,
  fileId: string,
  fileKey: Uint8Array,
  recipient: Recipient,
): RecipientStanza {
  if (!RECIPIENT_ID.test(recipient.id))
    throw new RangeError(`recipient id must be "custodian" or "agency:<name>", got ${JSON.stringify(recipient.id)}`);
  const { kemCiphertext, sharedSecret } = kemEncapsulate(level, recipient.encapsulationKey);
  const stanza = wrapFileKey({
    fileKey,
    fileId,
    recipientId: recipient.id,
    ekSha256: sha256Hex(recipient.encapsulationKey),
    kemCiphertext,
    sharedSecret,
  });
  sharedSecret.fill(0);
  return stanza;
}

/** Serialises `header`, signs M with the signer's ML-DSA key (context "XQPQ/1") and assembles the envelope. */
export function signAndAssemble(header: EnvelopeHeader, signer: Signer, payload: Uint8Array): Uint8Array {
  const headerBytes = encodeHeader(header);
  const signature = dsaSign(signer.level, signer.signingKey, signedPart(headerBytes), { context: SIGN_CONTEXT });
  return assemble(headerBytes, signature, payload);
}

export function signerFields(signer: Signer): EnvelopeHeader["signer"] {
  return { alg: LEVEL_ALGORITHMS[signer.level].sig, publicKeySha256: sha256Hex(signer.verificationKey) };
}

export function assertUniqueIds(ids: string[]): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) throw new DuplicateRecipient(id);
    seen.add(id);
  }
}

/** What every envelope's header says about its file, whichever algorithms seal it. */
export interface FileMetadata {
  fileId: string;
  version: number;
  isolationId: string;
  level: SecurityLevel;
  name: string;
  contentType: string;
  plaintext: Uint8Array;
}

export function sealFile(
  input: FileMetadata & {
    recipients: Recipient[];
    signer: Signer;
    createdAt?: Date;
  },
): { bytes: Uint8Array; header: EnvelopeHeader } {
  const { level, fileId } = input;
  if (input.recipients.length === 0) throw new RangeError("an envelope needs at least one recipient");
  if (input.signer.level !== level) throw new RangeError(`signer is ${input.signer.level}, envelope is ${level}`);
  if (!Number.isSafeInteger(input.version) || input.version < 1)
    throw new RangeError("version must be an integer >= 1");
  assertUniqueIds(input.recipients.map((r) => r.id));

  const fileKey = new Uint8Array(randomBytes(FILE_KEY_BYTES));
  const nonce = new Uint8Array(randomBytes(NONCE_BYTES));
  const payload = aesGcmSeal(fileKey, nonce, input.plaintext, payloadAad(fileId));
  const recipients = input.recipients.map((r) => pqStanza(level, fileId, fileKey, r));
  fileKey.fill(0);

  const header = headerFor(
    input,
    { kem: LEVEL_ALGORITHMS[level].kem, sig: LEVEL_ALGORITHMS[level].sig },
    nonce,
    payload,
    recipients,
    signerFields(input.signer),
  );
  return { bytes: signAndAssemble(header, input.signer, payload), header };
}

/** The header of a file sealed with `algorithms` (the product's, or a classical pair for the downgrade attack). */
export function headerFor(
  input: FileMetadata & { createdAt?: Date },
  algorithms: Pick<EnvelopeHeader, "kem" | "sig">,
  nonce: Uint8Array,
  payload: Uint8Array,
  recipients: RecipientStanza[],
  signer: EnvelopeHeader["signer"],
): EnvelopeHeader {
  return {
    format: FORMAT_NAME,
    v: FORMAT_VERSION,
    fileId: input.fileId,
    version: input.version,
    isolationId: input.isolationId,
    securityLevel: input.level,
    kem: algorithms.kem,
    sig: algorithms.sig,
    aead: AEAD,
    kdf: KDF,
    name: input.name,
    contentType: input.contentType,
    size: input.plaintext.length,
    createdAt: (input.createdAt ?? new Date()).toISOString(),
    payload: { nonce: toBase64(nonce), length: payload.length, sha256: sha256Hex(payload) },
    recipients,
    signer,
  };
}

const refuse = (detail: string): never => {
  throw new EnvelopeRefused("format", detail);
};

/** Splits an envelope into its parts; anything not XQPQ v1 as documented is refused by the "format" check. */
export function parseEnvelope(bytes: Uint8Array): ParsedEnvelope {
  if (!(bytes instanceof Uint8Array)) refuse("not a byte string");
  if (bytes.length < PREFIX_BYTES) refuse(`truncated: ${bytes.length} bytes, the prefix alone is ${PREFIX_BYTES}`);
  for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC[i]) refuse("not an XQPQ envelope (wrong magic bytes)");
  if (bytes[4] !== FORMAT_VERSION)
    refuse(`unsupported format version ${bytes[4]} (this reader knows version ${FORMAT_VERSION})`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const h = view.getUint32(5, false);
  if (h > MAX_HEADER_BYTES) refuse(`header length ${h} exceeds the ${MAX_HEADER_BYTES}-byte limit`);
  if (bytes.length < PREFIX_BYTES + h + 4)
    refuse(`truncated: header of ${h} bytes and the signature length do not fit in ${bytes.length} bytes`);
  const headerBytes = bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + h);
  const s = view.getUint32(PREFIX_BYTES + h, false);
  const sigStart = PREFIX_BYTES + h + 4;
  if (bytes.length < sigStart + s) refuse(`truncated: signature of ${s} bytes does not fit in ${bytes.length} bytes`);

  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(headerBytes));
  } catch {
    refuse("header is not valid UTF-8 JSON");
  }
  const parsed = envelopeHeaderSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `header.${issue.path.join(".")}` : "header";
    refuse(`${where}: ${issue.message}`);
  }
  return {
    header: parsed.data as EnvelopeHeader,
    signed: bytes.slice(0, PREFIX_BYTES + h),
    signature: bytes.slice(sigStart, sigStart + s),
    payload: bytes.subarray(sigStart + s),
  };
}

/** What protects an envelope, from the algorithms its header names (the checks decide whether it holds). */
export function protectionOf(
  header: Pick<EnvelopeHeader, "kem" | "sig">,
): "post-quantum" | "classical-only" | "unknown" {
  const kems = Object.values(LEVEL_ALGORITHMS).map((a) => a.kem);
  const sigs = Object.values(LEVEL_ALGORITHMS).map((a) => a.sig);
  if (kems.includes(header.kem) && sigs.includes(header.sig)) return "post-quantum";
  if (header.kem === CLASSICAL_KEM && header.sig === CLASSICAL_SIG) return "classical-only";
  return "unknown";
}

/** The SHA-256 (hex) of a public key, as the header records signers (`signer.publicKeySha256`) and recipients (`ekSha256`). */
export function keyFingerprint(publicKey: Uint8Array): string {
  return sha256Hex(publicKey);
}
