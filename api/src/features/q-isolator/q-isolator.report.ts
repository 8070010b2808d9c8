// GET /comprehensive-report: quantum readiness and a grade by the stated rules (RULES) from what was measured:
// the files verifying now, the latest threat simulation, the DNS self-test. The algorithms panel says what is
// used and under which standard; it claims no certification (none is held: no CMVP/CAVP validation of this
// code, no audit).
import { ATTACK_LABELS, LEVEL_ALGORITHMS, RULES, SECURITY_LEVELS, type AttackKind } from "./q-isolator.constants";
import type {
  ComprehensiveReportResponse,
  QIsolatorStatusResponse,
  SimulateThreatResponse,
} from "./q-isolator.schemas";
import type { SimulationRow } from "./q-isolator.repository";
import { percentOf } from "./q-isolator.figures";

export const CERTIFICATION_STATEMENT =
  "No certification is claimed. The algorithms are the NIST standards named above, implemented by the open-source @noble/post-quantum library and Node's crypto module; neither this product nor those libraries as used here hold a NIST CMVP or CAVP validation, and no external audit of this product has been done. The known-answer tests run in the test suite use a subset of NIST's ACVP vectors.";

export const ALGORITHMS: ComprehensiveReportResponse["algorithms"] = [
  ...SECURITY_LEVELS.map((l) => ({
    name: LEVEL_ALGORITHMS[l].kem,
    standard: "FIPS 203",
    use: `key encapsulation for ${l} isolations (NIST category ${LEVEL_ALGORITHMS[l].nistCategory})`,
  })),
  ...SECURITY_LEVELS.map((l) => ({
    name: LEVEL_ALGORITHMS[l].sig,
    standard: "FIPS 204",
    use: `envelope signatures for ${l} isolations (NIST category ${LEVEL_ALGORITHMS[l].nistCategory})`,
  })),
  { name: "AES-256-GCM", standard: "FIPS 197, SP 800-38D", use: "file encryption and file-key wrapping" },
  { name: "HKDF-SHA-256", standard: "RFC 5869, SP 800-56C", use: "key-wrapping keys from each ML-KEM shared secret" },
  { name: "SHA-256", standard: "FIPS 180-4", use: "the signed payload digest; CIDs (UnixFS, multihash sha2-256)" },
];

/** What the grade is, said beside it wherever it is shown. */
export const GRADE_QUALIFIER =
  "Self-test: the product attacked copies of its own stored files with its own attack harness and graded its own checks. It is not an external audit or penetration test, and attacks the harness does not know are not covered.";

/** What the latest simulation attacked, from its stored answer (runs stored before files were named give the one CID they kept). */
export function selfTestOf(last: SimulationRow | null): ComprehensiveReportResponse["selfTest"] {
  if (!last) return null;
  const run = last.result as Partial<SimulateThreatResponse>;
  const results = run.results ?? [];
  const kinds = [...new Set(results.flatMap((r) => r.attacks.map((a) => a.kind)))] as AttackKind[];
  return {
    ranAt: last.ranAt.toISOString(),
    ranBy: run.ranBy ?? "not recorded (a run from before who ran it was recorded)",
    isolations: results.map((r) => ({
      isolationId: r.isolationId,
      securityLevel: r.securityLevel,
      canary: r.target.canary,
      files: r.target.files ?? (r.target.cid ? [{ name: r.target.name, cid: r.target.cid }] : []),
    })),
    attacks: kinds.map((kind) => ({ kind, label: ATTACK_LABELS[kind] })),
    notAttacked: run.summary?.notAttacked ?? 0,
  };
}

export function gradeOf(readiness: number): "A" | "B" | "C" | "D" | "F" {
  return readiness >= 95 ? "A" : readiness >= 85 ? "B" : readiness >= 70 ? "C" : readiness >= 50 ? "D" : "F";
}

export function buildReport(input: {
  version: string;
  status: QIsolatorStatusResponse;
  lastSimulation: SimulationRow | null;
  dnsSelfTestPercent: number;
  generatedAt: Date;
}): ComprehensiveReportResponse {
  const { status, lastSimulation } = input;
  const files = status.protectedFiles;
  const verified = status.isolationInstances.reduce((s, i) => s + i.verifiedFiles, 0);
  const verifiedFilesPercent = files === 0 ? null : percentOf(verified, files);
  const notMeasured: string[] = [];
  if (verifiedFilesPercent === null) notMeasured.push("no file is stored yet: upload one on the VibeCoins Files tab");
  if (!lastSimulation) notMeasured.push("no threat simulation has run yet: launch one on the Threat Testing tab");
  const readiness =
    notMeasured.length === 0
      ? Math.min(verifiedFilesPercent!, lastSimulation!.overallSecurityRate, input.dnsSelfTestPercent)
      : null;
  const grade = readiness === null ? null : gradeOf(readiness);
  const protectedBytes = status.isolationInstances.reduce((s, i) => s + i.protectedBytes, 0);
  const report: Omit<ComprehensiveReportResponse, "markdown"> = {
    overview: {
      version: input.version,
      quantumReadiness: readiness,
      securityGrade: grade,
      gradeBasis: "self-test",
      gradeQualifier: GRADE_QUALIFIER,
      notMeasured,
    },
    selfTest: selfTestOf(lastSimulation),
    isolationSystems: {
      activeIsolations: status.activeIsolations,
      totalIsolations: status.isolationInstances.length,
      protectedFiles: files,
      protectedBytes,
    },
    inputs: {
      verifiedFilesPercent,
      lastSimulation: lastSimulation
        ? {
            overallSecurityRate: lastSimulation.overallSecurityRate,
            attempted: lastSimulation.attempted,
            intensity: lastSimulation.intensity,
            ranAt: lastSimulation.ranAt.toISOString(),
          }
        : null,
      dnsSelfTestPercent: input.dnsSelfTestPercent,
    },
    rules: { quantumReadiness: RULES.quantumReadiness, securityGrade: RULES.securityGrade },
    algorithms: ALGORITHMS,
    certificationStatement: CERTIFICATION_STATEMENT,
    generatedAt: input.generatedAt.toISOString(),
  };
  return { ...report, markdown: markdownOf(report) };
}

function markdownOf(r: Omit<ComprehensiveReportResponse, "markdown">): string {
  const s = r.inputs.lastSimulation;
  return [
    `# Q Blockchain Isolator: comprehensive report`,
    ``,
    `Generated ${r.generatedAt} by version ${r.overview.version}.`,
    ``,
    `## Overview`,
    `- Quantum readiness: ${r.overview.quantumReadiness === null ? "not measured" : `${r.overview.quantumReadiness}%`}`,
    `- Security grade (self-test): ${r.overview.securityGrade ?? "not measured"}`,
    ...r.overview.notMeasured.map((m) => `- Not measured: ${m}`),
    ``,
    r.overview.gradeQualifier,
    ``,
    `## What the self-test attacked`,
    ...(r.selfTest
      ? [
          `Run ${r.selfTest.ranAt} by ${r.selfTest.ranBy}; attacks: ${r.selfTest.attacks.map((a) => a.label).join("; ")}.`,
          ...r.selfTest.isolations.map(
            (i) =>
              `- ${i.isolationId} (${i.securityLevel}): ${i.canary ? "a sealed canary (the isolation held no verified file)" : i.files.map((f) => `${f.name} (${f.cid})`).join(", ")}`,
          ),
          ...(r.selfTest.notAttacked > 0 ? [`- ${r.selfTest.notAttacked} older isolations were not attacked.`] : []),
        ]
      : ["No threat simulation has run yet."]),
    ``,
    `Rules: ${r.rules.quantumReadiness} ${r.rules.securityGrade}`,
    ``,
    `## Inputs`,
    `- Files post-quantum and verifying now: ${r.inputs.verifiedFilesPercent === null ? "no files" : `${r.inputs.verifiedFilesPercent}%`} (${r.isolationSystems.protectedFiles} files, ${r.isolationSystems.protectedBytes} bytes)`,
    `- Latest threat simulation: ${s ? `${s.overallSecurityRate}% of ${s.attempted} attacks refused (intensity ${s.intensity}, ${s.ranAt})` : "none"}`,
    `- DNS self-test: ${r.inputs.dnsSelfTestPercent}% of hosts handled as expected`,
    `- Isolations: ${r.isolationSystems.activeIsolations} active of ${r.isolationSystems.totalIsolations}`,
    ``,
    `## Algorithms`,
    `| Algorithm | Standard | Use |`,
    `|---|---|---|`,
    ...r.algorithms.map((a) => `| ${a.name} | ${a.standard} | ${a.use} |`),
    ``,
    r.certificationStatement,
    ``,
  ].join("\n");
}
