// The classical-only envelope: the same XQPQ layout with X25519 in place of ML-KEM and Ed25519 in place of
// ML-DSA. The product never seals one for a user; it exists so the attack harness can attempt a real
// downgrade and the tests can show it is recognised (protectionOf) and refused (algorithm-policy). It is a
// working envelope: openClassicalEnvelope decrypts it, so the refusal is the policy's, not a broken file's.
import {
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";
import { CLASSICAL_KEM, CLASSICAL_SIG, FILE_KEY_BYTES, NONCE_BYTES, assemble, payloadAad, signedPart } from "./format";
import { encodeHeader, type EnvelopeHeader } from "./header";
import { headerFor, parseEnvelope, type FileMetadata } from "./envelope";
import { aesGcmOpen, aesGcmSeal, fromBase64, sha256Hex } from "./primitives";
import { unwrapFileKey, wrapFileKey } from "./wrap";

/** The raw 32 bytes of an X25519 / Ed25519 public key. */
export function rawPublicKey(key: KeyObject): Uint8Array {
  const jwk = key.export({ format: "jwk" });
  return new Uint8Array(Buffer.from(jwk.x!, "base64url"));
}

function x25519PublicFromRaw(raw: Uint8Array): KeyObject {
  return createPublicKey({
    key: { kty: "OKP", crv: "X25519", x: Buffer.from(raw).toString("base64url") },
    format: "jwk",
  });
}

export function sealClassicalEnvelope(
  input: FileMetadata & {
    recipientId?: string;
    createdAt?: Date;
  },
): { bytes: Uint8Array; header: EnvelopeHeader; recipientKey: KeyObject; signerPublicKey: KeyObject } {
  const recipientId = input.recipientId ?? "custodian";
  const recipient = generateKeyPairSync("x25519");
  const ephemeral = generateKeyPairSync("x25519");
  const signer = generateKeyPairSync("ed25519");

  const fileKey = new Uint8Array(randomBytes(FILE_KEY_BYTES));
  const nonce = new Uint8Array(randomBytes(NONCE_BYTES));
  const payload = aesGcmSeal(fileKey, nonce, input.plaintext, payloadAad(input.fileId));
  const sharedSecret = new Uint8Array(
    diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient.publicKey }),
  );
  const stanza = wrapFileKey({
    fileKey,
    fileId: input.fileId,
    recipientId,
    ekSha256: sha256Hex(rawPublicKey(recipient.publicKey)),
    kemCiphertext: rawPublicKey(ephemeral.publicKey),
    sharedSecret,
  });
  fileKey.fill(0);

  const header = headerFor(input, { kem: CLASSICAL_KEM, sig: CLASSICAL_SIG }, nonce, payload, [stanza], {
    alg: CLASSICAL_SIG,
    publicKeySha256: sha256Hex(rawPublicKey(signer.publicKey)),
  });
  const headerBytes = encodeHeader(header);
  const signature = new Uint8Array(sign(null, signedPart(headerBytes), signer.privateKey));
  return {
    bytes: assemble(headerBytes, signature, payload),
    header,
    recipientKey: recipient.privateKey,
    signerPublicKey: signer.publicKey,
  };
}

/**
 * Opens a classical-only envelope with classical keys (tests only: shows the downgrade envelope is genuine).
 * Returns null when the Ed25519 signature, the unwrap or the GCM tag fails.
 */
export function openClassicalEnvelope(
  bytes: Uint8Array,
  recipientKey: KeyObject,
  signerPublicKey: KeyObject,
  recipientId = "custodian",
): Uint8Array | null {
  const { header, signed, signature, payload } = parseEnvelope(bytes);
  if (!verify(null, signed, signerPublicKey, signature)) return null;
  const stanza = header.recipients.find((r) => r.id === recipientId);
  if (!stanza) return null;
  const ephemeralPublic = x25519PublicFromRaw(fromBase64(stanza.kemCiphertext)!);
  const sharedSecret = new Uint8Array(diffieHellman({ privateKey: recipientKey, publicKey: ephemeralPublic }));
  const fileKey = unwrapFileKey(stanza, header.fileId, sharedSecret);
  if (!fileKey) return null;
  return aesGcmOpen(fileKey, fromBase64(header.payload.nonce)!, payload, payloadAad(header.fileId));
}
