// An agency's own ML-KEM keys, made in this browser: one key pair per security level (FIPS 203, through
// @noble/post-quantum). The encapsulation keys go to the API (POST /api/q-isolator/government-profiles); the
// decapsulation keys never leave the browser except in the key file the agency saves. Loaded on demand only.
import { ml_kem512, ml_kem768, ml_kem1024 } from "@noble/post-quantum/ml-kem.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { LEVEL_ALGORITHMS, SECURITY_LEVELS, type SecurityLevel } from "../constants";
import { fromBase64, toBase64, toHex } from "./bytes";

export const KEY_FILE_FORMAT = "XQPQ-agency-key" as const;

const KEM = { COMMERCIAL: ml_kem512, ENTERPRISE: ml_kem768, GOVERNMENT: ml_kem1024 } as const;

/** What the agency keeps: its recipient id (the stanza it looks for) and, per level, its decapsulation key. */
export interface AgencyKeyFile {
  format: typeof KEY_FILE_FORMAT;
  v: 1;
  agency: string;
  /** The id of its stanza in every envelope wrapped for it ("agency:<name>"). */
  recipientId: string;
  createdAt: string;
  /** Where it was registered (this page's origin), for the agency's own records. */
  registeredAt: string;
  warning: string;
  keys: {
    securityLevel: SecurityLevel;
    kem: string;
    ekSha256: string;
    encapsulationKey: string;
    decapsulationKey: string;
  }[];
}

export interface MadeAgencyKeys {
  file: AgencyKeyFile;
  /** base64 per level: the body's `encapsulationKeys`. */
  encapsulationKeys: Record<SecurityLevel, string>;
}

/** Fresh ML-KEM-512, -768 and -1024 key pairs for `agency`, from the browser's CSPRNG. */
export function makeAgencyKeys(agency: string, origin: string, at = new Date()): MadeAgencyKeys {
  const keys = SECURITY_LEVELS.map((level) => {
    const { publicKey, secretKey } = KEM[level].keygen();
    return {
      securityLevel: level,
      kem: LEVEL_ALGORITHMS[level].kem,
      ekSha256: toHex(sha256(publicKey)),
      encapsulationKey: toBase64(publicKey),
      decapsulationKey: toBase64(secretKey),
    };
  });
  return {
    file: {
      format: KEY_FILE_FORMAT,
      v: 1,
      agency,
      recipientId: `agency:${agency}`,
      createdAt: at.toISOString(),
      registeredAt: origin,
      warning:
        "Secret: these ML-KEM decapsulation keys decrypt every file wrapped for this agency. The server does not hold them: keep this file safe and private; a lost file cannot be recovered.",
      keys,
    },
    encapsulationKeys: Object.fromEntries(keys.map((k) => [k.securityLevel, k.encapsulationKey])) as Record<
      SecurityLevel,
      string
    >,
  };
}

/** "agency-key-<name>.json": a name a file system accepts. */
export const keyFileName = (agency: string) =>
  `agency-key-${agency.replace(/[^\p{L}\p{N}_-]+/gu, "-").replace(/^-+|-+$/g, "") || "agency"}.json`;

/** The key file's text, parsed and checked (each key the length its level needs), or the reason it is not one. */
export function parseKeyFile(text: string): { ok: true; file: AgencyKeyFile } | { ok: false; reason: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the key file is not JSON" };
  }
  const f = raw as Partial<AgencyKeyFile>;
  if (f?.format !== KEY_FILE_FORMAT || f.v !== 1 || typeof f.recipientId !== "string" || !Array.isArray(f.keys))
    return { ok: false, reason: `not an ${KEY_FILE_FORMAT} v1 file` };
  for (const k of f.keys) {
    const level = k?.securityLevel as SecurityLevel;
    if (!SECURITY_LEVELS.includes(level))
      return { ok: false, reason: `unknown security level ${String(k?.securityLevel)}` };
    const dk = fromBase64(String(k.decapsulationKey));
    if (!dk || dk.length !== KEM[level].lengths.secretKey)
      return {
        ok: false,
        reason: `the ${LEVEL_ALGORITHMS[level].kem} decapsulation key is not ${KEM[level].lengths.secretKey} bytes of base64`,
      };
  }
  return { ok: true, file: f as AgencyKeyFile };
}
