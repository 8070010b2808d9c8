// Answers of the q-isolator API for the page's tests, in the shapes of its schemas (q-isolator.schemas.ts).
import type { z } from "zod";
import type {
  comprehensiveReportResponse,
  createIsolationResponse,
  DnsProtectionResponse,
  governmentProfilesResponse,
  IsolationInstance,
  ProtectedFile,
  QIsolatorStatusResponse,
  SimulateThreatResponse,
  uploadResponse,
  VibecoinsFilesResponse,
} from "../api/contract";
import { ATTACK_KINDS, ATTACK_LABELS, RULES } from "../constants";

export const ISO_GOV = "iso-0123456789abcdef";
export const ISO_ENT = "iso-fedcba9876543210";
export const CID_A = "bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";
export const CID_B = "bafkreibm6jg3ux5qumhcn2b3flc3tyu6dmlb4xa7u5bf44yegnrjhc4yeq";
const AT = "2026-11-24T10:00:00.000Z";
/** The signed-in wallet of the fixtures (Hardhat's dev account #1). */
export const WALLET = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

export function instance(over: Partial<IsolationInstance> = {}): IsolationInstance {
  return {
    id: ISO_GOV,
    securityLevel: "GOVERNMENT",
    kem: "ML-KEM-1024",
    sig: "ML-DSA-87",
    nistCategory: 5,
    agency: "FBI",
    verificationKey: "AAAA",
    quantumResistance: 100,
    status: "ACTIVE",
    files: 1,
    verifiedFiles: 1,
    classicalOnlyFiles: 0,
    protectedBytes: 2048,
    integrityFailures: [],
    pendingFiles: 0,
    createdAt: AT,
    createdBy: WALLET,
    ...over,
  };
}

export function status(over: Partial<QIsolatorStatusResponse> = {}): QIsolatorStatusResponse {
  return {
    activeIsolations: 1,
    protectedFiles: 2,
    quantumThreatLevel: 12.5,
    status: "DEGRADED",
    isolationInstances: [
      instance(),
      instance({
        id: ISO_ENT,
        securityLevel: "ENTERPRISE",
        kem: "ML-KEM-768",
        sig: "ML-DSA-65",
        nistCategory: 3,
        agency: null,
        quantumResistance: 50,
        status: "INTEGRITY_FAILED",
        files: 2,
        verifiedFiles: 1,
        integrityFailures: [
          {
            fileId: "f2",
            name: "tampered.bin",
            cid: CID_B,
            check: "payload-digest",
            detail: "SHA-256 differs from the signed header",
          },
        ],
      }),
    ],
    rules: {
      quantumResistance: RULES.quantumResistance,
      quantumThreatLevel: RULES.quantumThreatLevel,
      status: RULES.status,
    },
    verifiedAt: AT,
    verification: {
      readMs: 12.3,
      oldestVerifiedAt: AT,
      pendingFiles: 0,
      scrub: { intervalSeconds: 3600, bytesPerSecond: 8388608, lastIdleAt: AT },
      rule: "Each envelope is verified when it is written, and the background scrub reads it back and verifies it again at least every 3600 s, at most 8388608 bytes a second. A read uses the recorded results and reads no stored block.",
    },
    ...over,
  };
}

export const emptyStatus = (): QIsolatorStatusResponse =>
  status({ activeIsolations: 0, protectedFiles: 0, quantumThreatLevel: 0, status: "EMPTY", isolationInstances: [] });

export function file(over: Partial<ProtectedFile> = {}): ProtectedFile {
  return {
    fileId: "6f1c2f7e-3b0a-4c7e-9a51-0d2b8e4f1a11",
    name: "budget.pdf",
    hash: CID_A,
    size: 1536,
    encryptedSize: 9120,
    contentType: "application/pdf",
    quantumSecured: true,
    isolationLayer: `GOVERNMENT · ML-KEM-1024 + ML-DSA-87 · ${ISO_GOV}`,
    isolationId: ISO_GOV,
    securityLevel: "GOVERNMENT",
    protection: "post-quantum",
    version: 2,
    recipients: ["custodian", "agency:FBI", "agency:NSA"],
    verification: { ok: true, failedCheck: null, detail: "every check passed", verifiedAt: AT },
    recipientsHoldingOwnKey: [],
    uploadedAt: AT,
    updatedAt: AT,
    uploadedBy: WALLET,
    ...over,
  };
}

export function files(over: Partial<VibecoinsFilesResponse> = {}): VibecoinsFilesResponse {
  return {
    totalFiles: 2,
    quantumSecuredPercent: 50,
    quantumProtection: { level: "ENTERPRISE", rule: RULES.protectionLevel },
    files: [
      file(),
      file({
        fileId: "7a2d3e4f-5b6c-4d7e-8f90-a1b2c3d4e5f6",
        name: "tampered.bin",
        hash: CID_B,
        size: 1023,
        quantumSecured: false,
        isolationId: ISO_ENT,
        securityLevel: "ENTERPRISE",
        isolationLayer: `ENTERPRISE · ML-KEM-768 + ML-DSA-65 · ${ISO_ENT}`,
        version: 1,
        recipients: ["custodian"],
        verification: {
          ok: false,
          failedCheck: "payload-digest",
          detail: "SHA-256 differs from the signed header",
          verifiedAt: AT,
        },
      }),
    ],
    maxUploadBytes: 25 * 1024 * 1024,
    quota: { walletQuotaBytes: 100 * 1024 * 1024, totalQuotaBytes: 2 * 1024 * 1024 * 1024, storedBytes: 18_240 },
    gatewayUrl: null,
    ...over,
  };
}

export const profiles: z.output<typeof governmentProfilesResponse> = {
  profiles: [
    {
      agency: "FBI",
      clearanceLevel: "TOP_SECRET",
      quantumThreatLevel: 0,
      activeIsolationLayers: 1,
      authorizedAgencies: ["NSA", "CIA", "DHS"],
      encapsulationKeys: [
        { securityLevel: "GOVERNMENT", algorithm: "ML-KEM-1024", sha256: "ab".repeat(32), bytes: 1568 },
      ],
      readableFiles: 1,
      keyCustody: "server",
      createdAt: AT,
      createdBy: WALLET,
    },
    {
      agency: "NSA",
      clearanceLevel: "SECRET",
      quantumThreatLevel: 25,
      activeIsolationLayers: 0,
      authorizedAgencies: [],
      encapsulationKeys: [],
      readableFiles: 1,
      keyCustody: "server",
      createdAt: AT,
      createdBy: WALLET,
    },
    {
      agency: "Mystery",
      clearanceLevel: "COSMIC" as "PUBLIC",
      quantumThreatLevel: 0,
      activeIsolationLayers: 0,
      authorizedAgencies: [],
      encapsulationKeys: [],
      readableFiles: 0,
      keyCustody: "server",
      createdAt: AT,
      createdBy: null,
    },
  ],
  clearanceRule: RULES.clearance,
};

export const dns: DnsProtectionResponse = {
  protectedDomains: 3,
  domains: ["127.0.0.1:3000", "localhost:3000", "[::1]:3000"],
  quantumDnsShield: { threats_blocked: 12345, uptime: "2h 14m", uptimeSeconds: 8040, since: AT },
  tests: [
    {
      domain: "localhost:3000",
      protection: "served (200)",
      threatLevel: "LOW",
      expected: "served",
      outcome: "served",
      status: 200,
      passed: true,
    },
    {
      domain: "evil.example",
      protection: "refused (403 HOST_NOT_ALLOWED)",
      threatLevel: "HIGH",
      expected: "refused",
      outcome: "refused",
      status: 403,
      passed: true,
    },
    {
      domain: "rebind.example",
      protection: "served (200)",
      threatLevel: "HIGH",
      expected: "refused",
      outcome: "served",
      status: 200,
      passed: false,
    },
  ],
  testedAt: AT,
  rule: RULES.threatsBlocked,
};

export const created: z.output<typeof createIsolationResponse> = {
  isolation: {
    isolationId: "iso-aaaabbbbccccdddd",
    quantumResistance: 100,
    securityLevel: "ENTERPRISE",
    kem: "ML-KEM-768",
    sig: "ML-DSA-65",
    nistCategory: 3,
    agency: "FBI",
    keySizes: { encapsulationKey: 1184, decapsulationKey: 2400, verificationKey: 1952, signingKey: 4032 },
    keygenMs: 4.2,
    createdAt: AT,
    createdBy: WALLET,
  },
};

export const uploaded: z.output<typeof uploadResponse> = {
  file: file({ name: "hello.txt", size: 11, encryptedSize: 5012, version: 1 }),
  timings: { sealMs: 6.5, storeMs: 2.1 },
};

export function simulation(rate = 100): SimulateThreatResponse {
  const blocked = rate === 100;
  const attacks = ATTACK_KINDS.map((kind, i) => ({
    kind,
    label: ATTACK_LABELS[kind],
    attempts: i < 1 ? 13 : 12,
    blocked: blocked || i > 0 ? (i < 1 ? 13 : 12) : 0,
    stoppedBy: blocked || i > 0 ? ("aead-tag" as const) : null,
    refusedBy: blocked || i > 0 ? ["aead-tag" as const] : [],
    example: "AES-256-GCM authentication tag did not verify",
  }));
  return {
    summary: {
      overallSecurityRate: rate,
      secureIsolations: blocked ? 2 : 1,
      totalIsolations: 2,
      attempted: 170,
      blocked: Math.round(170 * (rate / 100)),
      durationMs: 812,
      rule: RULES.overallSecurityRate,
      notAttacked: 0,
    },
    results: [
      {
        isolationId: ISO_GOV,
        status: blocked ? "SECURE" : "BREACHED",
        threatBlocked: blocked,
        securityLevel: "GOVERNMENT",
        resistanceLevel: blocked ? 100 : 84.7,
        penetrationAttempt: 85,
        target: { name: "budget.pdf", cid: CID_A, canary: false, files: [{ name: "budget.pdf", cid: CID_A }] },
        attacks,
        durationMs: 400,
      },
      {
        isolationId: ISO_ENT,
        status: "SECURE",
        threatBlocked: true,
        securityLevel: "ENTERPRISE",
        resistanceLevel: 100,
        penetrationAttempt: 85,
        target: { name: "canary", cid: null, canary: true, files: [] },
        attacks,
        durationMs: 410,
      },
    ],
    threatType: "QUANTUM_COMPUTER",
    intensity: 85,
    ranAt: AT,
    ranBy: "open (local presenter)",
  };
}

export const report: z.output<typeof comprehensiveReportResponse> = {
  overview: {
    version: "0.1.0 · XQPQ v1",
    quantumReadiness: null,
    securityGrade: null,
    gradeBasis: "self-test",
    gradeQualifier:
      "Self-test: the product attacked copies of its own stored files with its own attack harness and graded its own checks. It is not an external audit or penetration test, and attacks the harness does not know are not covered.",
    notMeasured: ["no threat simulation has run yet"],
  },
  selfTest: null,
  isolationSystems: { activeIsolations: 1, totalIsolations: 2, protectedFiles: 2, protectedBytes: 4096 },
  inputs: { verifiedFilesPercent: 50, lastSimulation: null, dnsSelfTestPercent: 100 },
  rules: { quantumReadiness: RULES.quantumReadiness, securityGrade: RULES.securityGrade },
  algorithms: [
    { name: "ML-KEM-768", standard: "FIPS 203", use: "wraps each file key for each recipient" },
    { name: "ML-DSA-65", standard: "FIPS 204", use: "signs each envelope" },
  ],
  certificationStatement:
    "These algorithms are implemented by @noble/post-quantum; the product holds no FIPS 140-3 validation or other certification.",
  generatedAt: AT,
  markdown: "# Q Blockchain Isolator report\n",
};
