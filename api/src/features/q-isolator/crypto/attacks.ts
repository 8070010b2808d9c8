// Real attacks on a copy of a sealed envelope. Each tampers the copy as its kind says and hands it to the
// product's own openFile: blocked only when openFile refused (EnvelopeRefused). `attempt` picks the bit,
// stanza or variant deterministically, so intensity N runs N different attacks and a run can be repeated.
// A target that does not open untouched is not attacked at all (blocked = false, "nothing was attacked").
import { createHash, randomBytes } from "node:crypto";
import type { AttackKind, EnvelopeCheck } from "../q-isolator.constants";
import { SIGN_CONTEXT, assemble, signedPart } from "./format";
import { encodeHeader, type EnvelopeHeader } from "./header";
import { parseEnvelope, pqStanza, signerFields, type Signer } from "./envelope";
import { EnvelopeRefused, inspectEnvelope, openFile, rewrapFile, type Expected, type OpenerKey } from "./open";
import { dsaKeygen, dsaSign, kemKeygen } from "./pq";
import { fromBase64, sha256Hex, toBase64 } from "./primitives";
import { sealClassicalEnvelope } from "./classical";

export interface AttackTarget {
  envelope: Uint8Array;
  expected: Expected;
  key: OpenerKey;
  signer: Signer;
  name: string;
}

export interface AttackOutcome {
  kind: AttackKind;
  blocked: boolean;
  /** The check whose refusal stopped openFile (null when it opened). */
  stoppedBy: EnvelopeCheck | null;
  /** Every check that refuses the tampered input when each runs on its own. */
  refusedBy: EnvelopeCheck[];
  detail: string;
  durationMs: number;
}

/** A deterministic 32-bit number for (kind, attempt, salt): where the attempt strikes. */
function pick(kind: AttackKind, attempt: number, salt: string): number {
  return createHash("sha256").update(`${kind}/${attempt}/${salt}`).digest().readUInt32BE(0);
}

function flipBit(bytes: Uint8Array, bit: number): void {
  bytes[bit >>> 3]! ^= 1 << (bit & 7);
}

/** The envelope with `header` re-serialised and the given signature kept as it is (no re-signing). */
function withHeader(header: EnvelopeHeader, signature: Uint8Array, payload: Uint8Array): Uint8Array {
  return assemble(encodeHeader(header), signature, payload);
}

interface Tampered {
  bytes: Uint8Array;
  expected: Expected;
  key: OpenerKey;
  what: string;
}

function tamper(kind: AttackKind, t: AttackTarget, attempt: number): Tampered {
  const copy = t.envelope.slice();
  const { header, signature, payload } = parseEnvelope(copy);
  const same = { expected: t.expected, key: t.key };
  switch (kind) {
    case "ciphertext-bit-flip": {
      const bit = pick(kind, attempt, "bit") % (payload.length * 8);
      flipBit(copy, (copy.length - payload.length) * 8 + bit);
      return { bytes: copy, ...same, what: `flipped bit ${bit} of the ${payload.length}-byte encrypted file` };
    }
    case "kem-ciphertext-bit-flip": {
      // The key holder's own stanza, so the unwrap is attacked too (defence in depth beyond the signature).
      const index = Math.max(
        0,
        header.recipients.findIndex((r) => r.id === t.key.recipientId),
      );
      const stanza = header.recipients[index]!;
      const ct = fromBase64(stanza.kemCiphertext)!;
      const bit = pick(kind, attempt, "bit") % (ct.length * 8);
      flipBit(ct, bit);
      const recipients = header.recipients.map((r, i) => (i === index ? { ...r, kemCiphertext: toBase64(ct) } : r));
      return {
        bytes: withHeader({ ...header, recipients }, signature, payload),
        ...same,
        what: `flipped bit ${bit} of ${stanza.id}'s ${ct.length}-byte KEM ciphertext, old signature kept`,
      };
    }
    case "wrong-key": {
      const { decapsulationKey } = kemKeygen(t.expected.level);
      return {
        bytes: copy,
        expected: t.expected,
        key: { recipientId: t.key.recipientId, decapsulationKey },
        what: `opened as ${t.key.recipientId} with a freshly generated decapsulation key`,
      };
    }
    case "forged-signature": {
      const attacker = dsaKeygen(t.expected.level);
      const addStanza = attempt % 2 === 1;
      const ownFingerprint = Math.floor(attempt / 2) % 2 === 0;
      let forged: EnvelopeHeader;
      if (addStanza) {
        // The attacker cannot unwrap the file key, so the stanza wraps a key of its own choosing.
        const { encapsulationKey } = kemKeygen(t.expected.level);
        const stanza = pqStanza(t.expected.level, header.fileId, new Uint8Array(randomBytes(32)), {
          id: `agency:intruder-${attempt}`,
          encapsulationKey,
        });
        forged = { ...header, recipients: [...header.recipients, stanza] };
      } else {
        const dot = header.name.lastIndexOf(".");
        const [base, ext] = dot > 0 ? [header.name.slice(0, dot), header.name.slice(dot)] : [header.name, ""];
        forged = { ...header, name: `${base}-edited-${attempt}${ext}`.slice(-1024) };
      }
      if (ownFingerprint) forged.signer = signerFields({ level: t.expected.level, ...attacker });
      const headerBytes = encodeHeader(forged);
      const sig = dsaSign(t.expected.level, attacker.signingKey, signedPart(headerBytes), { context: SIGN_CONTEXT });
      return {
        bytes: assemble(headerBytes, sig, payload),
        ...same,
        what: `${addStanza ? "added the attacker's recipient stanza" : `renamed the file to ${forged.name}`}, signed with the attacker's ML-DSA key (signer fingerprint ${ownFingerprint ? "the attacker's" : "left as the isolation's"})`,
      };
    }
    case "stripped-signature":
      return {
        bytes: withHeader(header, new Uint8Array(0), payload),
        ...same,
        what: `removed the ${signature.length}-byte signature (S = 0)`,
      };
    case "classical-downgrade": {
      const plaintext = new TextEncoder().encode(`attacker's replacement content, attempt ${attempt}\n`);
      const { bytes } = sealClassicalEnvelope({
        fileId: header.fileId,
        version: Math.max(header.version, t.expected.currentVersion),
        isolationId: header.isolationId,
        level: t.expected.level,
        name: header.name,
        contentType: header.contentType,
        plaintext,
        recipientId: t.key.recipientId,
      });
      return {
        bytes,
        ...same,
        what: "replaced the envelope with an X25519 + Ed25519 one for the same file and isolation, holding the attacker's content",
      };
    }
    case "replay-old-version": {
      // Sandbox: the copy is legitimately re-wrapped (a new version, the isolation's own signer), as a real
      // authorisation would; then the original, now superseded, is presented.
      const sandboxId = `agency:replay-sandbox-${attempt}`;
      const { header: newer } = rewrapFile({
        envelope: copy,
        expected: t.expected,
        opener: t.key,
        add: [{ id: sandboxId, encapsulationKey: kemKeygen(t.expected.level).encapsulationKey }],
        signer: t.signer,
      });
      return {
        bytes: copy,
        expected: { ...t.expected, currentVersion: newer.version },
        key: t.key,
        what: `presented version ${header.version} after a re-wrap made version ${newer.version} current`,
      };
    }
  }
}

/**
 * The untouched target must open with the target's key, or a refusal would prove nothing about the attack.
 * Checked once per (envelope, expectation, key): the result is cached on the envelope's identity.
 */
const baseline = new WeakMap<Uint8Array, Map<string, EnvelopeRefused | null>>();

function targetRefusal(t: AttackTarget): EnvelopeRefused | null {
  const e = t.expected;
  const id = [
    e.fileId,
    e.isolationId,
    e.level,
    e.currentVersion,
    sha256Hex(e.verificationKey),
    t.key.recipientId,
    sha256Hex(t.key.decapsulationKey),
  ].join("|");
  let seen = baseline.get(t.envelope);
  if (!seen) baseline.set(t.envelope, (seen = new Map()));
  if (!seen.has(id)) {
    try {
      openFile(t.envelope, t.expected, t.key).plaintext.fill(0);
      seen.set(id, null);
    } catch (err) {
      if (!(err instanceof EnvelopeRefused)) throw err;
      seen.set(id, err);
    }
  }
  return seen.get(id)!;
}

export function runAttack(kind: AttackKind, target: AttackTarget, attempt: number): AttackOutcome {
  const t0 = performance.now();
  let tampered: Tampered;
  try {
    const refused = targetRefusal(target);
    if (refused) throw refused;
    tampered = tamper(kind, target, attempt);
  } catch (e) {
    // The target itself does not open: nothing was attacked, so nothing was blocked.
    const detail =
      e instanceof EnvelopeRefused
        ? `the target envelope itself is refused (${e.check}: ${e.detail}): nothing was attacked`
        : `attack could not be prepared: ${e instanceof Error ? e.message : String(e)}`;
    return { kind, blocked: false, stoppedBy: null, refusedBy: [], detail, durationMs: performance.now() - t0 };
  }
  let blocked = false;
  let stoppedBy: EnvelopeCheck | null = null;
  let detail: string;
  try {
    const { plaintext } = openFile(tampered.bytes, tampered.expected, tampered.key);
    detail = `${tampered.what}; NOT refused: openFile returned ${plaintext.length} bytes`;
    plaintext.fill(0);
  } catch (e) {
    if (e instanceof EnvelopeRefused) {
      blocked = true;
      stoppedBy = e.check;
      detail = `${tampered.what}; refused by ${e.check}: ${e.detail}`;
    } else {
      detail = `${tampered.what}; openFile failed without a refusal: ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  const refusedBy = inspectEnvelope(tampered.bytes, tampered.expected, tampered.key)
    .filter((r) => !r.ok)
    .map((r) => r.check);
  return { kind, blocked, stoppedBy, refusedBy, detail, durationMs: performance.now() - t0 };
}
