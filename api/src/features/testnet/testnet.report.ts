// GET /api/testnet/franklin-report: our own readiness report in the spec's layout (a readiness summary, then
// capability lists), generated from the same checks the status computes, as Markdown to download and as data.
// It names the readiness target the spec names and says plainly that nobody endorses or reviewed it.
import {
  FRANKLIN_READY_WORDS,
  NO_ENDORSEMENT,
  type FranklinReport,
  type FranklinReportResponse,
  type ReadinessCheckId,
  type TestnetStatusResponse,
} from "./testnet.schemas";

/** The capability lists: which checks each section gathers. */
const SECTIONS: { title: string; checks: ReadinessCheckId[] }[] = [
  { title: "Smart contract infrastructure", checks: ["contractsDeployed"] },
  { title: "Security and governance", checks: ["multiSigTested", "emergencyFunctionsTested"] },
  {
    title: "Treasury operations",
    checks: ["treasuryTested", "treasuryArbitrageActive", "treasuryYieldAccuracy", "arbitrageSpreadCapture"],
  },
  { title: "Performance", checks: ["performanceValidated"] },
];

/** Markdown table cells: no pipes or line breaks from the readings. */
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");

export function buildFranklinReport(status: TestnetStatusResponse): FranklinReportResponse {
  const byId = new Map(status.checks.map((c) => [c.id, c]));
  const passedCount = status.checks.filter((c) => c.passed).length;
  const report: FranklinReport = {
    title: "Testnet Readiness Report (Franklin Templeton readiness checklist)",
    generatedAt: status.asOf,
    disclaimer: NO_ENDORSEMENT,
    summary: {
      readinessScore: status.readinessScore,
      franklinTempletonReady: status.franklinTempletonReady,
      checksPassed: passedCount,
      checksTotal: status.checks.length,
      network: status.chain.network,
      chainId: status.chain.chainId,
      chainInstance: status.chain.chainInstance,
    },
    sections: SECTIONS.map((s) => ({
      title: s.title,
      items: s.checks.map((id) => {
        const c = byId.get(id)!;
        return { label: c.label, status: c.passed ? "ready" : "pending", detail: c.detail, evidence: c.evidence };
      }),
    })),
  };

  const pm = status.performanceMetrics;
  const figure = (v: number | null, unit: string) => (v === null ? "not measured" : `${v}${unit}`);
  const lines = [
    `# ${report.title}`,
    "",
    `> ${NO_ENDORSEMENT}`,
    "",
    `Generated ${report.generatedAt} from ${report.summary.network} (chain ${report.summary.chainId}${report.summary.chainInstance ? `, instance ${report.summary.chainInstance}` : ""}).`,
    "",
    "## Readiness summary",
    "",
    `- Readiness score: **${report.summary.readinessScore}%** (${passedCount} of ${report.summary.checksTotal} checks pass)`,
    `- Franklin readiness: **${report.summary.franklinTempletonReady ? FRANKLIN_READY_WORDS.ready : FRANKLIN_READY_WORDS.pending}** (every check of our own list passes)`,
    `- Average response time: ${figure(pm.avgResponseTime, " ms")}; success rate: ${figure(pm.successRate, "%")} (share of /api responses that are not 5xx, ${status.requestMetrics.requests} requests)`,
    `- Treasury yield accuracy: ${figure(pm.treasuryYieldAccuracy, "%")}; arbitrage spread capture: ${figure(pm.arbitrageSpreadCapture, "%")}`,
    status.multiSig
      ? `- Multi-sig: ${status.multiSig.owners.length} signers, threshold ${status.multiSig.threshold} (Safe ${status.multiSig.address})`
      : "- Multi-sig: not read",
    "",
  ];
  for (const section of report.sections) {
    lines.push(`## ${section.title}`, "", "| Capability | Status | Reading | Evidence |", "| --- | --- | --- | --- |");
    for (const item of section.items) {
      lines.push(
        `| ${cell(item.label)} | ${item.status === "ready" ? "Ready" : "Pending"} | ${cell(item.detail)} | ${cell(item.evidence.join(", ") || "-")} |`,
      );
    }
    lines.push("");
  }
  lines.push("## How each check is decided", "");
  for (const c of status.checks) lines.push(`- **${c.label}**: ${c.rule}.`);
  lines.push("", "---", "", NO_ENDORSEMENT, "");

  return { filename: `testnet-readiness-report-${status.asOf.slice(0, 10)}.md`, markdown: lines.join("\n"), report };
}
