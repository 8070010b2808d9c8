import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import type { SecuritySuitePart } from "../api/contract";
import { formatPercent, formatWhen } from "../utils/readiness";
import { Facts } from "./assessment-panel";

const STATUS_TONE: Record<string, "success" | "error" | "warning" | "default"> = {
  PASS: "success",
  FAIL: "error",
  WARNING: "warning",
};

/**
 * The security suite's run as the assessment read it: its score, passed/total, critical issues, and every
 * test that did not pass first (a FAIL is shown as plainly as a PASS), then the others.
 */
export function SuiteView({ suite }: { suite: SecuritySuitePart }) {
  const r = suite.report;
  if (!suite.ran || !r) {
    return (
      <Typography variant="body2" color="warning.dark" data-testid="suite-not-run" sx={{ overflowWrap: "anywhere" }}>
        Not run: {suite.detail}
      </Typography>
    );
  }
  const order = (s: string) => (s === "FAIL" ? 0 : s === "WARNING" ? 1 : 2);
  const results = [...r.results].sort((a, b) => order(a.status) - order(b.status));
  return (
    <Box data-testid="suite-view">
      <Facts
        testId="suite"
        items={[
          ["Score", `${formatPercent(r.overallScore)} / 100`],
          ["Tests passed", `${r.passedTests} of ${r.totalTests}`],
          ["Critical issues", String(r.criticalIssues)],
          [
            "Run",
            `${r.origin === "fresh" ? "run by this assessment" : "the latest stored run, reused"} · ${formatWhen(r.ranAt)}`,
          ],
        ]}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
        {suite.detail}
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", m: 0, mt: 1, p: 0 }}>
        {results.map((t, i) => (
          <Box
            component="li"
            key={`${i}-${t.testName}`}
            data-testid="suite-test"
            data-status={t.status}
            sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", py: 0.25 }}
          >
            <Pill size="small" label={t.status} color={STATUS_TONE[t.status] ?? "default"} />
            <Pill size="small" variant="outlined" label={t.severity} />
            <Typography variant="body2" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {t.testName}{" "}
              <Box component="span" sx={{ color: "text.secondary" }}>
                · {t.category}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
