// GET /status: the isolations as their files' recorded verifications found them (no block is read here). Each figure follows its rule in
// RULES (constants): resistance is the share of an isolation's files that are post-quantum and verify now, the
// threat level the share of protected bytes under classical-only protection, and an isolation is ACTIVE unless
// one of its files failed an integrity check.
import { LEVEL_ALGORITHMS, RULES, SECURITY_LEVELS } from "./q-isolator.constants";
import { levelOf } from "./q-isolator.keys";
import type { IsolationInstance, QIsolatorStatusResponse } from "./q-isolator.schemas";
import { isIntegrityFailure, type VerificationPass } from "./q-isolator.verification";
import { percentOf } from "./q-isolator.figures";

export function instancesOf(pass: VerificationPass): IsolationInstance[] {
  return pass.isolations.map((iso) => {
    const files = pass.files.filter((f) => f.isolation.id === iso.id);
    const failures = files.filter(isIntegrityFailure);
    const verified = files.filter((f) => f.ok).length;
    const a = LEVEL_ALGORITHMS[levelOf(iso)];
    return {
      id: iso.id,
      securityLevel: levelOf(iso),
      kem: a.kem,
      sig: a.sig,
      nistCategory: a.nistCategory,
      agency: iso.agency,
      verificationKey: iso.verificationKey,
      quantumResistance: files.length === 0 ? 100 : percentOf(verified, files.length),
      status: failures.length === 0 ? "ACTIVE" : "INTEGRITY_FAILED",
      files: files.length,
      verifiedFiles: verified,
      classicalOnlyFiles: files.filter((f) => f.protection === "classical-only").length,
      protectedBytes: files.reduce((s, f) => s + f.file.size, 0),
      integrityFailures: failures.map((f) => ({
        fileId: f.file.fileId,
        name: f.file.name,
        cid: f.file.currentCid,
        check: f.failedCheck ?? "format",
        detail: f.detail,
      })),
      pendingFiles: files.filter((f) => f.verifiedAt === null).length,
      createdAt: iso.createdAt.toISOString(),
      createdBy: iso.createdBy,
    };
  });
}

export interface ScrubInfo {
  intervalSeconds: number;
  bytesPerSecond: number;
  lastIdleAt: Date | null;
}

export const verificationRule = (scrub: ScrubInfo) =>
  scrub.intervalSeconds === 0
    ? "Each envelope is verified once when it is written; the background scrub is off (Q_ISOLATOR_SCRUB_INTERVAL_SECONDS=0). A read uses the recorded results and reads no stored block."
    : `Each envelope is verified when it is written, and the background scrub reads it back and verifies it again at least every ${scrub.intervalSeconds} s, at most ${scrub.bytesPerSecond} bytes a second. A read uses the recorded results and reads no stored block.`;

export function statusOf(
  pass: VerificationPass,
  cryptoDomain: string | null,
  scrub: ScrubInfo,
  at: Date,
): QIsolatorStatusResponse {
  const instances = instancesOf(pass);
  const bytes = pass.files.reduce((s, f) => s + f.file.size, 0);
  const classical = pass.files.filter((f) => f.protection === "classical-only").reduce((s, f) => s + f.file.size, 0);
  const active = instances.filter((i) => i.status === "ACTIVE").length;
  const strongest = [...SECURITY_LEVELS].reverse().find((l) => instances.some((i) => i.securityLevel === l)) ?? null;
  return {
    activeIsolations: active,
    protectedFiles: pass.files.length,
    quantumThreatLevel: percentOf(classical, bytes),
    status: instances.length === 0 ? "EMPTY" : active === instances.length ? "ACTIVE" : "DEGRADED",
    isolationInstances: instances,
    ...(cryptoDomain
      ? { vibeCoinsCrypto: { domain: cryptoDomain, fileCount: pass.files.length, isolationLevel: strongest } }
      : {}),
    rules: {
      quantumResistance: RULES.quantumResistance,
      quantumThreatLevel: RULES.quantumThreatLevel,
      status: RULES.status,
    },
    verifiedAt: (pass.oldestVerifiedAt ?? at).toISOString(),
    verification: {
      readMs: pass.durationMs,
      oldestVerifiedAt: pass.oldestVerifiedAt?.toISOString() ?? null,
      pendingFiles: pass.files.filter((f) => f.verifiedAt === null).length,
      scrub: {
        intervalSeconds: scrub.intervalSeconds,
        bytesPerSecond: scrub.bytesPerSecond,
        lastIdleAt: scrub.lastIdleAt?.toISOString() ?? null,
      },
      rule: verificationRule(scrub),
    },
  };
}
