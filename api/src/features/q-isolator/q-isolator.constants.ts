// Plain values of the post-quantum isolator (/q-blockchain-isolator-dashboard) that the page's first load
// needs: the levels and their NIST parameter sets, the spec's defaults and limits, the rules in words. No zod,
// no crypto: the dapp imports this module alone.

/** Spec part 2 §3: the security levels, weakest first. Each maps to a NIST parameter set (FIPS 203 / 204). */
export const SECURITY_LEVELS = ["COMMERCIAL", "ENTERPRISE", "GOVERNMENT"] as const;
export type SecurityLevel = (typeof SECURITY_LEVELS)[number];

export const LEVEL_ALGORITHMS: Record<
  SecurityLevel,
  { kem: string; sig: string; nistCategory: 1 | 3 | 5; label: string }
> = {
  COMMERCIAL: { kem: "ML-KEM-512", sig: "ML-DSA-44", nistCategory: 1, label: "Commercial Grade" },
  ENTERPRISE: { kem: "ML-KEM-768", sig: "ML-DSA-65", nistCategory: 3, label: "Enterprise Grade" },
  GOVERNMENT: { kem: "ML-KEM-1024", sig: "ML-DSA-87", nistCategory: 5, label: "Government Grade" },
};

/** Spec §3: clearance levels, lowest first. */
export const CLEARANCE_LEVELS = ["PUBLIC", "CONFIDENTIAL", "SECRET", "TOP_SECRET"] as const;
export type ClearanceLevel = (typeof CLEARANCE_LEVELS)[number];

/** The clearance an agency needs to hold (or be authorised for) an isolation of each level. */
export const REQUIRED_CLEARANCE: Record<SecurityLevel, ClearanceLevel> = {
  COMMERCIAL: "CONFIDENTIAL",
  ENTERPRISE: "SECRET",
  GOVERNMENT: "TOP_SECRET",
};

/** Spec §5 and §9. */
export const DEFAULT_SECURITY_LEVEL: SecurityLevel = "ENTERPRISE";
export const DEFAULT_THREAT_INTENSITY = 85;
export const THREAT_INTENSITY_MIN = 1;
export const THREAT_INTENSITY_MAX = 100;
export const THREAT_TYPE = "QUANTUM_COMPUTER" as const;
/** The alert is drawn in the normal style at this overall security rate or above (spec §4, §9). */
export const SECURE_RATE_THRESHOLD = 80;
export const HASH_PREVIEW_CHARS = 20;
export const AUTHORIZED_AGENCIES_SHOWN = 2;
export const AGENCY_MAX_LENGTH = 120;

/** The largest file an upload may carry (25 MiB), stated on the page and enforced by the API (413 above it). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** A threat simulation's work is bounded: at most this many isolations (the newest), files per isolation, and one run per cool-down. */
export const MAX_ISOLATIONS_PER_RUN = 12;
export const MAX_FILES_PER_ISOLATION = 3;
export const SIMULATION_COOLDOWN_SECONDS = 10;

/** The attacks the threat simulation runs, in the order an isolation's attempts cycle through them. */
export const ATTACK_KINDS = [
  "ciphertext-bit-flip",
  "kem-ciphertext-bit-flip",
  "wrong-key",
  "forged-signature",
  "stripped-signature",
  "classical-downgrade",
  "replay-old-version",
] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

export const ATTACK_LABELS: Record<AttackKind, string> = {
  "ciphertext-bit-flip": "Bit flip in the encrypted file",
  "kem-ciphertext-bit-flip": "Bit flip in a recipient's ML-KEM ciphertext",
  "wrong-key": "Decryption with a key that is not a recipient's",
  "forged-signature": "Metadata changed and signed with the attacker's ML-DSA key",
  "stripped-signature": "Signature removed",
  "classical-downgrade": "Downgrade to a classical-only envelope (X25519 + Ed25519)",
  "replay-old-version": "Replay of a superseded version",
};

/** The checks the product runs when it opens an envelope, in order (docs/pq-file-envelope.md). */
export const ENVELOPE_CHECKS = [
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
] as const;
export type EnvelopeCheck = (typeof ENVELOPE_CHECKS)[number];

export const CHECK_LABELS: Record<EnvelopeCheck, string> = {
  format: "Envelope format",
  binding: "Bound to this file and isolation",
  "algorithm-policy": "Post-quantum algorithms required by the level",
  "signature-present": "Signature present",
  signer: "Signed by the isolation's key",
  "ml-dsa-signature": "ML-DSA signature verifies",
  version: "Not a superseded version (anti-replay)",
  "payload-digest": "SHA-256 of the encrypted file matches the signed header",
  "key-unwrap": "File key unwraps (ML-KEM + HKDF + AES-GCM)",
  "aead-tag": "AES-256-GCM authentication tag",
};

export const RULES = {
  quantumResistance:
    "Share of the isolation's files whose current envelope is post-quantum (ML-KEM + ML-DSA at the isolation's level) and passes every integrity check now; 100 when the isolation holds no file yet.",
  quantumThreatLevel: "Share of the protected bytes (all isolations) still under classical-only protection.",
  status: "ACTIVE unless an integrity check of one of its files failed (INTEGRITY_FAILED).",
  quantumSecured: "Share of the listed files that are post-quantum and verify now.",
  protectionLevel: "The weakest level protecting any listed file (a chain is as strong as its weakest link).",
  overallSecurityRate: "Attacks the product's own checks refused ÷ attacks attempted × 100.",
  quantumReadiness:
    "The lowest of: files post-quantum and verifying (%), the latest threat simulation's security rate (%), the DNS self-test's pass rate (%). Not measured until a file is stored and a simulation has run.",
  securityGrade: "A ≥ 95, B ≥ 85, C ≥ 70, D ≥ 50, otherwise F (of the quantum readiness).",
  clearance:
    "COMMERCIAL needs CONFIDENTIAL, ENTERPRISE needs SECRET, GOVERNMENT needs TOP_SECRET; an agency's clearance is raised to what its own isolations need.",
  threatsBlocked:
    "Requests refused because their Host is not an allowed host (DNS rebinding), counted since the API started; the API's own self-tests are not counted.",
} as const;

/** How often the page reads the status again (a read costs rows, never blocks: it shows the recorded verifications). */
export const STATUS_POLL_MS = 15_000;
