// GET /api/mainnet-readiness/report: the status as a Markdown document to download (what stands between this
// testnet and a mainnet launch, each item with its rule, verdict, detail and evidence; the role holders).
import {
  STALE_AFTER_HOURS,
  type MainnetReadinessStatusResponse,
  type ReadinessItem,
} from "./mainnet-readiness.schemas";

const verdict = (i: ReadinessItem) =>
  i.kind === "statement"
    ? "NOT DONE (statement)"
    : i.passed === true
      ? "PASS"
      : i.passed === false
        ? "FAIL"
        : "NOT MEASURED";
/** Table cells: no pipes or line breaks from the data. */
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\r?\n/g, " ");

export function buildReport(s: MainnetReadinessStatusResponse): { filename: string; markdown: string } {
  const lines: string[] = [];
  lines.push("# Mainnet readiness report");
  lines.push("");
  lines.push(`- Computed: ${s.computedAt}`);
  lines.push(
    `- Chain: ${s.chain.network} (chain ${s.chain.chainId}), instance ${s.chain.chainInstance ?? "unknown"}; Safe ${s.chain.safe ?? "none in the map"}`,
  );
  lines.push(`- Score: **${s.score}%** (${s.passed} of ${s.total} items pass, ${s.notMeasured} not measured)`);
  lines.push(`- Rule: ${s.scoreRule}`);
  lines.push(`- Recorded runs older than ${STALE_AFTER_HOURS} h are stale and count as not measured.`);
  lines.push("");
  lines.push("## Items (failing first)");
  lines.push("");
  lines.push("| Item | Verdict | Detail | Measured |");
  lines.push("|---|---|---|---|");
  for (const i of s.items)
    lines.push(`| ${cell(i.label)} | ${verdict(i)} | ${cell(i.detail)} | ${i.measuredAt ?? "—"} |`);
  lines.push("");
  for (const i of s.items) {
    lines.push(`### ${i.label}: ${verdict(i)}`);
    lines.push("");
    lines.push(`Rule: ${i.rule}`);
    lines.push("");
    lines.push(i.detail);
    if (i.evidence.length) {
      lines.push("");
      for (const e of i.evidence) lines.push(`- ${e}`);
    }
    if (i.link) lines.push("", `Run or fix at ${i.link.href} (${i.link.label}).`);
    lines.push("");
  }
  lines.push("## Role holders (read from the chain)");
  lines.push("");
  if (s.roleHolders.length === 0) lines.push("None read (see the admin item's detail).");
  else {
    lines.push("| Contract | Role | Holder | Kind | Counted |");
    lines.push("|---|---|---|---|---|");
    for (const h of s.roleHolders)
      lines.push(
        `| ${h.contract} | ${h.role} | ${h.holder} (${cell(h.holderName)}) | ${h.kind} | ${h.privileged ? (h.counted ? "admin/pause: must be the Safe" : "admin/pause on a mock: not counted") : "operational"} |`,
      );
  }
  lines.push("");
  return { filename: `mainnet-readiness-${s.computedAt.slice(0, 10)}.md`, markdown: lines.join("\n") };
}
