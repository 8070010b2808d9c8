// Opening an envelope: the product's checks, in ENVELOPE_CHECKS order. The algorithms used to verify and
// decrypt are the expected level's, never the ones the header names (the header is what an attacker edits).
import { ENVELOPE_CHECKS, LEVEL_ALGORITHMS, type EnvelopeCheck, type SecurityLevel } from "../q-isolator.constants";
import { algorithmsOf, payloadAad, SIGN_CONTEXT } from "./format";
import {
  parseEnvelope,
  protectionOf,
  signAndAssemble,
  pqStanza,
  assertUniqueIds,
  signerFields,
  type ParsedEnvelope,
  type Recipient,
  type Signer,
  type EnvelopeHeader,
} from "./envelope";
import { dsaVerify, kemDecapsulate, kemPublicKeyOf } from "./pq";
import { aesGcmOpen, fromBase64, sha256Hex } from "./primitives";
import { EnvelopeRefused } from "./refusal";
import { unwrapFileKey } from "./wrap";

export { EnvelopeRefused, DuplicateRecipient } from "./refusal";

export interface Expected {
  fileId: string;
  isolationId: string;
  level: SecurityLevel;
  verificationKey: Uint8Array;
  /** The newest version the store holds: anything older is a replay. */
  currentVersion: number;
}

export interface OpenerKey {
  recipientId: string;
  decapsulationKey: Uint8Array;
}

export interface CheckResult {
  check: EnvelopeCheck;
  ok: boolean;
  detail: string;
}

export type Protection = "post-quantum" | "classical-only" | "unknown";

interface Context {
  bytes: Uint8Array;
  expected: Expected;
  key?: OpenerKey;
  parsed?: ParsedEnvelope;
  fileKey?: Uint8Array;
  plaintext?: Uint8Array;
}

type Outcome = { ok: boolean; detail: string } | null; // null: cannot run (what it needs is missing)

const pass = (detail: string) => ({ ok: true, detail });
const fail = (detail: string) => ({ ok: false, detail });

const CHECKS: Record<EnvelopeCheck, (c: Context) => Outcome> = {
  format(c) {
    try {
      c.parsed = parseEnvelope(c.bytes);
      return pass(
        `XQPQ v1, header ${c.parsed.signed.length - 9} bytes, ${c.parsed.header.recipients.length} recipient(s)`,
      );
    } catch (e) {
      if (e instanceof EnvelopeRefused) return fail(e.detail);
      return fail(`unreadable envelope (${e instanceof Error ? e.message : String(e)})`);
    }
  },
  binding({ parsed, expected }) {
    if (!parsed) return null;
    const h = parsed.header;
    if (h.fileId !== expected.fileId) return fail(`envelope is for file ${h.fileId}, not ${expected.fileId}`);
    if (h.isolationId !== expected.isolationId)
      return fail(`envelope is for isolation ${h.isolationId}, not ${expected.isolationId}`);
    if (h.securityLevel !== expected.level)
      return fail(`envelope claims level ${h.securityLevel}, the isolation is ${expected.level}`);
    return pass(`file ${h.fileId} in ${h.isolationId} at ${h.securityLevel}`);
  },
  "algorithm-policy"({ parsed, expected }) {
    if (!parsed) return null;
    const h = parsed.header;
    const want = algorithmsOf(expected.level);
    const pair = `${want.kem} + ${want.sig}`;
    if (protectionOf(h) === "classical-only")
      return fail(`classical-only protection: ${pair} required at ${expected.level}`);
    if (h.kem !== want.kem || h.sig !== want.sig)
      return fail(`${h.kem} + ${h.sig} named: ${pair} required at ${expected.level}`);
    if (h.aead !== want.aead || h.kdf !== want.kdf)
      return fail(`${h.aead} / ${h.kdf} named: ${want.aead} / ${want.kdf} required`);
    return pass(`${h.kem}, ${h.sig}, ${h.aead}, ${h.kdf}`);
  },
  "signature-present"({ parsed }) {
    if (!parsed) return null;
    return parsed.signature.length > 0
      ? pass(`${parsed.signature.length}-byte signature`)
      : fail("unsigned envelope: the signature was removed or never made");
  },
  signer({ parsed, expected }) {
    if (!parsed) return null;
    const s = parsed.header.signer;
    const alg = LEVEL_ALGORITHMS[expected.level].sig;
    if (s.alg !== alg) return fail(`signed with ${s.alg}, the isolation signs with ${alg}`);
    const fp = sha256Hex(expected.verificationKey);
    if (s.publicKeySha256 !== fp)
      return fail(`signer key ${s.publicKeySha256.slice(0, 16)}… is not the isolation's (${fp.slice(0, 16)}…)`);
    return pass(`the isolation's ${alg} key ${fp.slice(0, 16)}…`);
  },
  "ml-dsa-signature"({ parsed, expected }) {
    if (!parsed) return null;
    const alg = LEVEL_ALGORITHMS[expected.level].sig;
    if (parsed.signature.length === 0) return fail("no signature to verify");
    const ok = dsaVerify(expected.level, expected.verificationKey, parsed.signed, parsed.signature, {
      context: SIGN_CONTEXT,
    });
    return ok
      ? pass(`${alg} signature over the header verifies with the isolation's key`)
      : fail(`${alg} signature does not verify with the isolation's key: the header or signature was altered`);
  },
  version({ parsed, expected }) {
    if (!parsed) return null;
    const v = parsed.header.version;
    if (v < expected.currentVersion) return fail(`superseded: version ${v} < current ${expected.currentVersion}`);
    return pass(`version ${v} (current ${expected.currentVersion})`);
  },
  "payload-digest"({ parsed }) {
    if (!parsed) return null;
    const want = parsed.header.payload;
    if (parsed.payload.length !== want.length)
      return fail(`encrypted file is ${parsed.payload.length} bytes, the header says ${want.length}`);
    const got = sha256Hex(parsed.payload);
    if (got !== want.sha256)
      return fail(
        `SHA-256 of the encrypted file is ${got.slice(0, 16)}…, the header says ${want.sha256.slice(0, 16)}…`,
      );
    return pass(`SHA-256 ${got.slice(0, 16)}… matches the header`);
  },
  "key-unwrap"(c) {
    const { parsed, expected, key } = c;
    if (!parsed || !key) return null;
    const stanza = parsed.header.recipients.find((r) => r.id === key.recipientId);
    if (!stanza) return fail(`no stanza for recipient ${key.recipientId}: the file key was not wrapped for it`);
    const kemCiphertext = fromBase64(stanza.kemCiphertext)!;
    const kem = LEVEL_ALGORITHMS[expected.level].kem;
    let sharedSecret: Uint8Array;
    try {
      sharedSecret = kemDecapsulate(expected.level, kemCiphertext, key.decapsulationKey);
    } catch (e) {
      return fail(
        `${kem} decapsulation refused the stanza's ciphertext or the key (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    const fileKey = unwrapFileKey(stanza, parsed.header.fileId, sharedSecret);
    sharedSecret.fill(0);
    if (!fileKey) {
      let whose = "";
      try {
        if (sha256Hex(kemPublicKeyOf(expected.level, key.decapsulationKey)) !== stanza.ekSha256)
          whose = " (the key is not the one the stanza was made for)";
      } catch {
        // a key that does not even parse has already failed decapsulation above
      }
      return fail(`AES-GCM tag mismatch: the file key could not be unwrapped with this key${whose}`);
    }
    c.fileKey = fileKey;
    return pass(`${kem} + HKDF-SHA-256 + AES-256-GCM unwrapped the file key for ${key.recipientId}`);
  },
  "aead-tag"(c) {
    const { parsed, fileKey } = c;
    if (!parsed || !fileKey) return null;
    const nonce = fromBase64(parsed.header.payload.nonce)!;
    const plaintext = aesGcmOpen(fileKey, nonce, parsed.payload, payloadAad(parsed.header.fileId));
    if (!plaintext) return fail("AES-GCM tag mismatch: the encrypted file was altered or is not this file's");
    c.plaintext = plaintext;
    return pass(`AES-256-GCM tag verifies, ${plaintext.length} bytes decrypted`);
  },
};

const VERIFY_CHECKS = ENVELOPE_CHECKS.slice(0, ENVELOPE_CHECKS.indexOf("payload-digest") + 1);

function runUntilFailure(c: Context, checks: readonly EnvelopeCheck[]): CheckResult[] {
  const results: CheckResult[] = [];
  for (const check of checks) {
    const outcome = CHECKS[check](c) ?? fail("could not run: what it needs is missing");
    results.push({ check, ...outcome });
    if (!outcome.ok) break;
  }
  return results;
}

/** Checks format..payload-digest (no key needed): what "verifies now" means. Never throws. */
export function verifyEnvelope(
  bytes: Uint8Array,
  expected: Expected,
): {
  ok: boolean;
  header: EnvelopeHeader | null;
  protection: Protection;
  checks: CheckResult[];
  failed: CheckResult | null;
} {
  const c: Context = { bytes, expected };
  const checks = runUntilFailure(c, VERIFY_CHECKS);
  const failed = checks.find((r) => !r.ok) ?? null;
  const header = c.parsed?.header ?? null;
  return { ok: failed === null, header, protection: header ? protectionOf(header) : "unknown", checks, failed };
}

/** Every check in ENVELOPE_CHECKS order; throws EnvelopeRefused at the first that fails; plaintext only when all pass. */
export function openFile(
  bytes: Uint8Array,
  expected: Expected,
  key: OpenerKey,
): { plaintext: Uint8Array; header: EnvelopeHeader; checks: CheckResult[] } {
  const c: Context = { bytes, expected, key };
  const checks = runUntilFailure(c, ENVELOPE_CHECKS);
  const failed = checks.find((r) => !r.ok);
  c.fileKey?.fill(0);
  if (failed) throw new EnvelopeRefused(failed.check, failed.detail);
  return { plaintext: c.plaintext!, header: c.parsed!.header, checks };
}

/**
 * Each check run on its own even when an earlier one failed (the attack report's defence in depth). A check
 * that cannot run is left out: everything after a format failure, key-unwrap without a key, aead-tag without
 * an unwrapped file key.
 */
export function inspectEnvelope(bytes: Uint8Array, expected: Expected, key?: OpenerKey): CheckResult[] {
  const c: Context = { bytes, expected, key };
  const results: CheckResult[] = [];
  for (const check of ENVELOPE_CHECKS) {
    const outcome = CHECKS[check](c);
    if (outcome) results.push({ check, ...outcome });
  }
  c.fileKey?.fill(0);
  c.plaintext?.fill(0);
  return results;
}

/**
 * Authorises recipients: opens the envelope (every check), wraps the same file key for each of `add`, keeps
 * the existing stanzas as they are, raises the version by one and signs again. The payload bytes are reused,
 * never re-encrypted.
 */
export function rewrapFile(input: {
  envelope: Uint8Array;
  expected: Expected;
  opener: OpenerKey;
  add: Recipient[];
  signer: Signer;
}): {
  bytes: Uint8Array;
  header: EnvelopeHeader;
} {
  const { expected, signer } = input;
  if (signer.level !== expected.level) throw new RangeError(`signer is ${signer.level}, envelope is ${expected.level}`);
  const c: Context = { bytes: input.envelope, expected, key: input.opener };
  const checks = runUntilFailure(c, ENVELOPE_CHECKS);
  const failed = checks.find((r) => !r.ok);
  if (failed) {
    c.fileKey?.fill(0);
    throw new EnvelopeRefused(failed.check, failed.detail);
  }
  c.plaintext!.fill(0);
  const { header: old, payload } = c.parsed!;
  const fileKey = c.fileKey!;
  try {
    assertUniqueIds([...old.recipients.map((r) => r.id), ...input.add.map((r) => r.id)]);
    const added = input.add.map((r) => pqStanza(expected.level, old.fileId, fileKey, r));
    const header: EnvelopeHeader = {
      ...old,
      version: old.version + 1,
      createdAt: new Date().toISOString(),
      recipients: [...old.recipients, ...added],
      signer: signerFields(signer),
    };
    return { bytes: signAndAssemble(header, signer, payload), header };
  } finally {
    fileKey.fill(0);
  }
}
