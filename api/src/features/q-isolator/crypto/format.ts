// The XQPQ v1 byte layout and its domain-separation strings (docs/pq-file-envelope.md). Both the sealer and
// the reader take every constant from here, so the two cannot drift apart.
import type { SecurityLevel } from "../q-isolator.constants";
import { LEVEL_ALGORITHMS } from "../q-isolator.constants";

export const MAGIC = Uint8Array.from([0x58, 0x51, 0x50, 0x51]); // "XQPQ"
export const FORMAT_NAME = "XQPQ" as const;
export const FORMAT_VERSION = 1 as const;
/** magic (4) + version (1) + H (4) */
export const PREFIX_BYTES = 9;
/** A header is a few KiB even with many recipients; the cap keeps a hostile length from costing memory. */
export const MAX_HEADER_BYTES = 1024 * 1024;
export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;
export const FILE_KEY_BYTES = 32;
export const AEAD = "AES-256-GCM" as const;
export const KDF = "HKDF-SHA-256" as const;
export const CLASSICAL_KEM = "X25519" as const;
export const CLASSICAL_SIG = "Ed25519" as const;

const utf8 = (s: string) => new TextEncoder().encode(s);

/** ML-DSA context string: a signature over an XQPQ header means nothing in any other protocol. */
export const SIGN_CONTEXT = utf8("XQPQ/1");
export const payloadAad = (fileId: string) => utf8(`XQPQ/1 payload ${fileId}`);
export const wrapInfo = (fileId: string, recipientId: string) => utf8(`XQPQ/1 wrap ${fileId} ${recipientId}`);
export const keyAad = (fileId: string) => utf8(`XQPQ/1 key ${fileId}`);

/** The algorithms an envelope at `level` must name (the level's NIST parameter sets). */
export function algorithmsOf(level: SecurityLevel) {
  return { kem: LEVEL_ALGORITHMS[level].kem, sig: LEVEL_ALGORITHMS[level].sig, aead: AEAD, kdf: KDF };
}

/** magic || version || H, the first 9 bytes of an envelope whose header is `headerBytes` long. */
export function prefixFor(headerLength: number): Uint8Array {
  const out = new Uint8Array(PREFIX_BYTES);
  out.set(MAGIC, 0);
  out[4] = FORMAT_VERSION;
  new DataView(out.buffer).setUint32(5, headerLength, false);
  return out;
}

/** The envelope's bytes: prefix || header || S || signature || payload. */
export function assemble(headerBytes: Uint8Array, signature: Uint8Array, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(PREFIX_BYTES + headerBytes.length + 4 + signature.length + payload.length);
  out.set(prefixFor(headerBytes.length), 0);
  out.set(headerBytes, PREFIX_BYTES);
  let at = PREFIX_BYTES + headerBytes.length;
  new DataView(out.buffer).setUint32(at, signature.length, false);
  at += 4;
  out.set(signature, at);
  out.set(payload, at + signature.length);
  return out;
}

/** The signed message M: the envelope's first 9 + H bytes. */
export function signedPart(headerBytes: Uint8Array): Uint8Array {
  const m = new Uint8Array(PREFIX_BYTES + headerBytes.length);
  m.set(prefixFor(headerBytes.length), 0);
  m.set(headerBytes, PREFIX_BYTES);
  return m;
}
