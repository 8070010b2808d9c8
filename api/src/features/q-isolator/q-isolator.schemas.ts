// The HTTP contract of the post-quantum isolator (/q-blockchain-isolator-dashboard): spec part 2 §3 and §7
// field names, every figure computed from the stored envelopes, the threat simulation's real attacks and the
// host guard's own counter. Extra fields (rules, algorithms, timings) say how each figure was obtained.
import { z } from "zod";
import {
  AGENCY_MAX_LENGTH,
  ATTACK_KINDS,
  CLEARANCE_LEVELS,
  ENVELOPE_CHECKS,
  SECURITY_LEVELS,
  THREAT_INTENSITY_MAX,
  THREAT_INTENSITY_MIN,
  THREAT_TYPE,
} from "./q-isolator.constants";

export * from "./q-isolator.constants";

const isoTime = z.string().datetime({ offset: true });
const percent = z.number().min(0).max(100);
const securityLevel = z.enum(SECURITY_LEVELS);
const clearanceLevel = z.enum(CLEARANCE_LEVELS);
const envelopeCheck = z.enum(ENVELOPE_CHECKS);
/** A CIDv1 in base32 ("bafy…"/"bafk…"): what the files list calls `hash`. */
export const cidText = z.string().regex(/^b[a-z2-7]{40,120}$/, "must be a CIDv1 in base32 (bafy…)");
/** Free text naming an agency; trimmed; letters, digits, spaces and . , ' & ( ) / - _ only. */
export const agencyName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(AGENCY_MAX_LENGTH, `must be at most ${AGENCY_MAX_LENGTH} characters`)
  .regex(/^[\p{L}\p{N} .,'&()/_-]+$/u, "may contain letters, digits, spaces and . , ' & ( ) / - _ only");
export const isolationIdText = z
  .string()
  .regex(/^iso-[0-9a-f]{16}$/, "must be an isolation id (iso- and 16 hex characters)");

// ---- status -------------------------------------------------------------------------------------------------

export const integrityFailure = z.object({
  fileId: z.string(),
  name: z.string(),
  cid: cidText,
  check: envelopeCheck,
  detail: z.string(),
});

export const isolationInstance = z.object({
  id: isolationIdText,
  securityLevel,
  kem: z.string(),
  sig: z.string(),
  nistCategory: z.number().int(),
  agency: z.string().nullable(),
  /** The custodian's ML-DSA verification key (base64): what anyone checks the envelopes' signatures with. */
  verificationKey: z.string(),
  /** Percent of its files post-quantum and verifying now (RULES.quantumResistance). */
  quantumResistance: percent,
  /** ACTIVE, or INTEGRITY_FAILED when a file's check failed. */
  status: z.enum(["ACTIVE", "INTEGRITY_FAILED"]),
  files: z.number().int(),
  verifiedFiles: z.number().int(),
  classicalOnlyFiles: z.number().int(),
  protectedBytes: z.number().int(),
  integrityFailures: z.array(integrityFailure),
  /** Files not verified yet (the scrub reads them next): neither verified nor failed. */
  pendingFiles: z.number().int(),
  createdAt: isoTime,
  /** The signed-in wallet that created it; null for isolations made before creators were recorded. */
  createdBy: z.string().nullable(),
});
export type IsolationInstance = z.infer<typeof isolationInstance>;

export const qIsolatorStatusResponse = z.object({
  activeIsolations: z.number().int(),
  protectedFiles: z.number().int(),
  /** Percent of protected bytes under classical-only protection (RULES.quantumThreatLevel). */
  quantumThreatLevel: percent,
  /** ACTIVE when every isolation is; DEGRADED when one is not; EMPTY before the first isolation. */
  status: z.enum(["ACTIVE", "DEGRADED", "EMPTY"]),
  isolationInstances: z.array(isolationInstance),
  /** Only when Q_ISOLATOR_CRYPTO_DOMAIN is configured. */
  vibeCoinsCrypto: z
    .object({ domain: z.string(), fileCount: z.number().int(), isolationLevel: securityLevel.nullable() })
    .optional(),
  rules: z.object({ quantumResistance: z.string(), quantumThreatLevel: z.string(), status: z.string() }),
  /** The oldest recorded verification behind these figures (the time of this answer when no file is stored). */
  verifiedAt: isoTime,
  /**
   * How the figures were obtained: the verifications recorded when each envelope was written and by the
   * background scrub since. A status read reads those records only (readMs), never a stored block.
   */
  verification: z.object({
    readMs: z.number(),
    oldestVerifiedAt: isoTime.nullable(),
    pendingFiles: z.number().int(),
    scrub: z.object({
      intervalSeconds: z.number().int(),
      bytesPerSecond: z.number().int(),
      lastIdleAt: isoTime.nullable(),
    }),
    rule: z.string(),
  }),
});
export type QIsolatorStatusResponse = z.infer<typeof qIsolatorStatusResponse>;

// ---- files --------------------------------------------------------------------------------------------------

export const protectedFile = z.object({
  fileId: z.string().uuid(),
  name: z.string(),
  /** The current envelope's CIDv1 (UnixFS, raw leaves): the spec's `hash` and the list key. */
  hash: cidText,
  /** Plaintext bytes. */
  size: z.number().int(),
  /** Bytes of the envelope stored (ciphertext, header, signature). */
  encryptedSize: z.number().int(),
  contentType: z.string(),
  quantumSecured: z.boolean(),
  /** "ENTERPRISE · ML-KEM-768 + ML-DSA-65 · iso-…" */
  isolationLayer: z.string(),
  isolationId: isolationIdText,
  securityLevel,
  protection: z.enum(["post-quantum", "classical-only"]),
  /** Increases each time the file key is re-wrapped for a new recipient (the payload is never re-encrypted). */
  version: z.number().int(),
  /** Who can decrypt: "custodian" and "agency:<name>". */
  recipients: z.array(z.string()),
  /** The latest recorded verification (when written, then by the background scrub); verifiedAt null while pending. */
  verification: z.object({
    ok: z.boolean(),
    failedCheck: envelopeCheck.nullable(),
    detail: z.string(),
    verifiedAt: isoTime.nullable(),
  }),
  /** Recipients that hold their own decapsulation key: only they can decrypt as themselves (from /ipfs/<cid>), never the server. */
  recipientsHoldingOwnKey: z.array(z.string()),
  uploadedAt: isoTime,
  updatedAt: isoTime,
  /** The signed-in wallet that uploaded it; null for files stored before uploaders were recorded. */
  uploadedBy: z.string().nullable(),
});
export type ProtectedFile = z.infer<typeof protectedFile>;

export const vibecoinsFilesResponse = z.object({
  totalFiles: z.number().int(),
  /** Percent of the listed files quantum-secured (RULES.quantumSecured). */
  quantumSecuredPercent: percent,
  quantumProtection: z.object({ level: securityLevel.nullable(), rule: z.string() }),
  files: z.array(protectedFile),
  maxUploadBytes: z.number().int(),
  /** Envelope bytes stored and the quotas uploads are held to (per wallet, and in total). */
  quota: z.object({
    walletQuotaBytes: z.number().int(),
    totalQuotaBytes: z.number().int(),
    storedBytes: z.number().int(),
  }),
  /** "View on IPFS" opens `${gatewayUrl}/ipfs/<cid>` when configured (IPFS_GATEWAY_URL), else this API's /ipfs/<cid>. */
  gatewayUrl: z.string().nullable(),
});
export type VibecoinsFilesResponse = z.infer<typeof vibecoinsFilesResponse>;

/** multipart/form-data fields besides `file`. */
export const uploadFields = z.strictObject({ isolationId: isolationIdText });

export const uploadResponse = z.object({
  file: protectedFile,
  /** Measured while storing: encrypt + sign, and writing the UnixFS blocks. */
  timings: z.object({ sealMs: z.number(), storeMs: z.number() }),
});

export const downloadQuery = z.strictObject({
  /** "custodian" (default) or "agency:<name>": whose decapsulation key opens the file. */
  recipient: z
    .string()
    .max(AGENCY_MAX_LENGTH + 7)
    .regex(/^(custodian|agency:[\p{L}\p{N} .,'&()/_-]+)$/u, 'must be "custodian" or "agency:<agency name>"')
    .optional(),
});
export const cidParams = z.strictObject({ cid: cidText });

// ---- government profiles -------------------------------------------------------------------------------------

export const agencyProfile = z.object({
  agency: z.string(),
  clearanceLevel,
  /** Percent of the bytes in the isolations it can read that are under classical-only protection. */
  quantumThreatLevel: percent,
  /** Its ACTIVE isolations. */
  activeIsolationLayers: z.number().int(),
  /** Agencies it has authorised to read its isolations' files. */
  authorizedAgencies: z.array(z.string()),
  /** Its ML-KEM encapsulation keys (public), one per parameter set, by SHA-256 fingerprint. */
  encapsulationKeys: z.array(
    z.object({ securityLevel, algorithm: z.string(), sha256: z.string(), bytes: z.number().int() }),
  ),
  readableFiles: z.number().int(),
  /** Whether the agency holds its own decapsulation keys (registered with its encapsulation keys only) or the server generated and holds them. */
  keyCustody: z.enum(["agency", "server"]),
  createdAt: isoTime,
  createdBy: z.string().nullable(),
});
export type AgencyProfile = z.infer<typeof agencyProfile>;

export const governmentProfilesResponse = z.object({ profiles: z.array(agencyProfile), clearanceRule: z.string() });

export const authorizeAgencyBody = z.strictObject({ agency: agencyName, authorizedAgency: agencyName });
export const authorizeAgencyResponse = z.object({
  profile: agencyProfile,
  /** Files whose key was re-wrapped for the new agency: new version and CID, same encrypted payload. */
  rewrapped: z.array(
    z.object({
      fileId: z.string(),
      name: z.string(),
      fromVersion: z.number().int(),
      toVersion: z.number().int(),
      cid: cidText,
    }),
  ),
});

const base64Key = z
  .string()
  .max(4096, "must be at most 4096 characters")
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be base64");
/** An agency profile made by hand; with `encapsulationKeys` (base64, per level) it keeps its decapsulation keys itself. */
export const registerAgencyBody = z.strictObject({
  agency: agencyName,
  clearanceLevel,
  encapsulationKeys: z
    .strictObject({
      COMMERCIAL: base64Key.optional(),
      ENTERPRISE: base64Key.optional(),
      GOVERNMENT: base64Key.optional(),
    })
    .optional(),
});
export const registerAgencyResponse = z.object({ profile: agencyProfile });

// ---- DNS protection ------------------------------------------------------------------------------------------

export const dnsTest = z.object({
  domain: z.string(),
  /** What the guard did, in words: "served (200)" / "refused (403 HOST_NOT_ALLOWED)". */
  protection: z.string(),
  /** LOW for an allowed host, HIGH for a foreign one (a rebinding attempt). */
  threatLevel: z.enum(["LOW", "HIGH"]),
  expected: z.enum(["served", "refused"]),
  outcome: z.enum(["served", "refused", "error"]),
  status: z.number().int(),
  passed: z.boolean(),
});

export const dnsProtectionResponse = z.object({
  /** How many hosts the API answers for (the Host allow-list). */
  protectedDomains: z.number().int(),
  domains: z.array(z.string()),
  quantumDnsShield: z.object({
    /** Foreign-Host requests refused since the API started (RULES.threatsBlocked). */
    threats_blocked: z.number().int(),
    /** How long the guard has been enforcing, e.g. "2h 14m". */
    uptime: z.string(),
    uptimeSeconds: z.number().int(),
    since: isoTime,
  }),
  tests: z.array(dnsTest),
  testedAt: isoTime,
  rule: z.string(),
});
export type DnsProtectionResponse = z.infer<typeof dnsProtectionResponse>;

// ---- create isolation ----------------------------------------------------------------------------------------

export const createIsolationBody = z.strictObject({
  securityLevel,
  /** Optional free text (spec §5); blank means no agency. */
  agency: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), agencyName.optional()),
});

export const createIsolationResponse = z.object({
  isolation: z.object({
    isolationId: isolationIdText,
    quantumResistance: percent,
    securityLevel,
    kem: z.string(),
    sig: z.string(),
    nistCategory: z.number().int(),
    agency: z.string().nullable(),
    /** Key sizes in bytes, as generated. */
    keySizes: z.object({
      encapsulationKey: z.number().int(),
      decapsulationKey: z.number().int(),
      verificationKey: z.number().int(),
      signingKey: z.number().int(),
    }),
    keygenMs: z.number(),
    createdAt: isoTime,
    createdBy: z.string().nullable(),
  }),
});

// ---- threat simulation ---------------------------------------------------------------------------------------

export const simulateThreatBody = z.strictObject({
  threatType: z.literal(THREAT_TYPE),
  intensity: z
    .number()
    .int("must be a whole number")
    .min(THREAT_INTENSITY_MIN, `must be at least ${THREAT_INTENSITY_MIN}`)
    .max(THREAT_INTENSITY_MAX, `must be at most ${THREAT_INTENSITY_MAX}`),
});

export const attackTally = z.object({
  kind: z.enum(ATTACK_KINDS),
  label: z.string(),
  attempts: z.number().int(),
  blocked: z.number().int(),
  /** The first of the product's checks that refused it (the most frequent, over its attempts). */
  stoppedBy: envelopeCheck.nullable(),
  /** Every check that refused it when each is run on its own (defence in depth). */
  refusedBy: z.array(envelopeCheck),
  /** One attempt's refusal in the product's words. */
  example: z.string(),
});

export const simulationResult = z.object({
  isolationId: isolationIdText,
  /** SECURE when every attempt was refused, BREACHED otherwise. */
  status: z.enum(["SECURE", "BREACHED"]),
  threatBlocked: z.boolean(),
  securityLevel,
  /** Percent of this isolation's attempts refused. */
  resistanceLevel: percent,
  /** Attempts made on this isolation (= intensity). */
  penetrationAttempt: z.number().int(),
  /** What was attacked: copies of stored files (each named), or a sealed canary when the isolation holds none. */
  target: z.object({
    name: z.string(),
    cid: cidText.nullable(),
    canary: z.boolean(),
    files: z.array(z.object({ name: z.string(), cid: cidText })),
  }),
  attacks: z.array(attackTally),
  durationMs: z.number(),
});

export const simulateThreatResponse = z.object({
  summary: z.object({
    overallSecurityRate: percent,
    secureIsolations: z.number().int(),
    totalIsolations: z.number().int(),
    attempted: z.number().int(),
    blocked: z.number().int(),
    durationMs: z.number(),
    rule: z.string(),
    /** Isolations beyond the newest 12, not attacked in this run (a run's work is bounded). */
    notAttacked: z.number().int(),
  }),
  results: z.array(simulationResult),
  threatType: z.literal(THREAT_TYPE),
  intensity: z.number().int(),
  ranAt: isoTime,
  /** Who ran it: the operator's address, or "open (local presenter)". */
  ranBy: z.string(),
});
export type SimulateThreatResponse = z.infer<typeof simulateThreatResponse>;

// ---- comprehensive report ------------------------------------------------------------------------------------

export const comprehensiveReportResponse = z.object({
  overview: z.object({
    /** The API's version and the envelope format's ("0.1.0 · XQPQ v1"). */
    version: z.string(),
    /** RULES.quantumReadiness; null until measured. */
    quantumReadiness: percent.nullable(),
    /** RULES.securityGrade; null until measured. */
    securityGrade: z.enum(["A", "B", "C", "D", "F"]).nullable(),
    /** The grade is a self-test's: the product attacking its own stored files, not an external audit. */
    gradeBasis: z.literal("self-test"),
    gradeQualifier: z.string(),
    notMeasured: z.array(z.string()),
  }),
  /** What the self-test behind the grade attacked: which isolations and files, with which attacks; null before a run. */
  selfTest: z
    .object({
      ranAt: isoTime,
      ranBy: z.string(),
      isolations: z.array(
        z.object({
          isolationId: isolationIdText,
          securityLevel,
          canary: z.boolean(),
          files: z.array(z.object({ name: z.string(), cid: cidText })),
        }),
      ),
      attacks: z.array(z.object({ kind: z.enum(ATTACK_KINDS), label: z.string() })),
      notAttacked: z.number().int(),
    })
    .nullable(),
  isolationSystems: z.object({
    activeIsolations: z.number().int(),
    totalIsolations: z.number().int(),
    protectedFiles: z.number().int(),
    protectedBytes: z.number().int(),
  }),
  inputs: z.object({
    verifiedFilesPercent: percent.nullable(),
    lastSimulation: z
      .object({
        overallSecurityRate: percent,
        attempted: z.number().int(),
        intensity: z.number().int(),
        ranAt: isoTime,
      })
      .nullable(),
    dnsSelfTestPercent: percent,
  }),
  rules: z.object({ quantumReadiness: z.string(), securityGrade: z.string() }),
  /** What is used, by standard; and what is not claimed. */
  algorithms: z.array(z.object({ name: z.string(), standard: z.string(), use: z.string() })),
  certificationStatement: z.string(),
  generatedAt: isoTime,
  /** The same report as Markdown, for the download button. */
  markdown: z.string(),
});
export type ComprehensiveReportResponse = z.infer<typeof comprehensiveReportResponse>;
