import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { Pill } from "../../../components/pill";
import type { LoadTestingResult } from "../api/contract";
import { LOAD_P95_PASS_MAX_MS, LOAD_TEST, LOAD_VERDICT_RULE, LOAD_VERDICT_TEXT, type LoadVerdict } from "../constants";
import { useReadinessReport } from "../api/get-readiness-report";
import { figure } from "../utils/format";
import { AssessmentPanel, Facts, SectionTitle } from "./assessment-panel";

// The chart library loads with the chart, after the tab's first paint, at the chart's height (no shift).
const CHART_BOX = { xs: 3 * 224 + 32, md: 224 };
const LoadHistoryChart = lazyPart(() => import("./load-history-chart").then((m) => m.LoadHistoryChart), {
  name: "The load-test chart",
  fallback: <PartLoading minHeight={CHART_BOX} label="Loading the chart" />,
});

const VERDICT_PILL: Record<LoadVerdict, { label: string; color: "success" | "warning" | "error" }> = {
  PASS: { label: "Pass", color: "success" },
  INCONCLUSIVE: { label: "Inconclusive", color: "warning" },
  FAIL: { label: "Fail", color: "error" },
};
/** A threshold's verdict; a run stored before the margin has only `passed`. */
const verdictOf = (t: { passed: boolean; verdict: LoadVerdict | null }): LoadVerdict =>
  t.verdict ?? (t.passed ? "PASS" : "FAIL");

/** The run's verdict with the margin it respects, and the conditions it ran under (none in runs stored before). */
function Verdict({ d }: { d: LoadTestingResult["detail"] }) {
  const c = d.conditions;
  return (
    <>
      <Box data-testid="load-verdict" data-verdict={d.verdict ?? "unknown"}>
        <SectionTitle>Verdict</SectionTitle>
        <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="load-verdict-text">
          {d.verdict ? LOAD_VERDICT_TEXT[d.verdict] : "Stored before verdicts had a margin: run it again"}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {d.verdictRule ?? LOAD_VERDICT_RULE}
        </Typography>
      </Box>
      <Box>
        <SectionTitle>Conditions</SectionTitle>
        {c ? (
          <Facts
            testId="load-conditions"
            items={[
              ["Requests", c.requests.toLocaleString("en-US")],
              ["Concurrency", `${c.concurrency} connections`],
              ["Duration", `${figure(c.measuredSeconds, 2)} s measured (${c.configuredSeconds} s asked)`],
              ["CPUs", String(c.cpuCount)],
              [
                "Load average at start",
                `${c.loadAverageAtStart.map((x) => figure(x, 2)).join(" / ")} (1 / 5 / 15 min)`,
              ],
              ["Node", c.nodeVersion],
              ["Where", c.setting],
            ]}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="load-conditions-missing">
            Not recorded: this run was stored before its conditions were kept.
          </Typography>
        )}
      </Box>
    </>
  );
}

function Thresholds({ d }: { d: LoadTestingResult["detail"] }) {
  return (
    <Box data-testid="thresholds">
      <SectionTitle>Thresholds</SectionTitle>
      <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
        {d.thresholds.map((t) => (
          <Box
            component="li"
            key={t.id}
            data-testid="threshold"
            data-threshold={t.id}
            data-passed={t.passed}
            data-verdict={verdictOf(t)}
            sx={{ py: 0.5, borderTop: 1, borderColor: "divider" }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
              <Pill size="small" label={VERDICT_PILL[verdictOf(t)].label} color={VERDICT_PILL[verdictOf(t)].color} />
              <Typography variant="body2" sx={{ fontFamily: "monospace" }}>
                {t.id}: {t.expression}
              </Typography>
              <Typography variant="body2" data-testid="threshold-measured">
                measured {t.measured === null ? "—" : `${figure(t.measured, 2)}${t.unit === "ms" ? " ms" : "%"}`}
              </Typography>
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t.description}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function LoadDetail({ r }: { r: LoadTestingResult }) {
  const d = r.detail;
  return (
    <Stack spacing={2.5}>
      <Box>
        <SectionTitle>Measured</SectionTitle>
        <Facts
          testId="load"
          items={[
            ["Requests/s", figure(d.requests.perSecond)],
            [
              "Requests",
              `${d.requests.total.toLocaleString("en-US")} (${d.requests.ok.toLocaleString("en-US")} ok, ${d.requests.failed.toLocaleString("en-US")} failed)`,
            ],
            ["p50", `${figure(d.latencyMs.p50, 2)} ms`],
            ["p95", `${figure(d.latencyMs.p95, 2)} ms`],
            ["p99", `${figure(d.latencyMs.p99, 2)} ms`],
            ["Max", `${figure(d.latencyMs.max, 2)} ms`],
            ["Error rate", `${figure(d.errorRatePercent, 2)}%`],
            [
              "Errors",
              `${d.errors.non2xx} non-2xx, ${d.errors.socketErrors} socket errors, ${d.errors.timeouts} timeouts`,
            ],
            [
              "Status codes",
              Object.entries(d.statusCodes)
                .map(([c, n]) => `${c}: ${n.toLocaleString("en-US")}`)
                .join(", ") || "—",
            ],
            ["Run", `${d.durationSeconds} s, ${d.connections} connections, ${d.tool}`],
            ["Target", d.target],
          ]}
        />
      </Box>
      <Verdict d={d} />
      <Thresholds d={d} />
      <Box data-testid="load-endpoints">
        <SectionTitle>Endpoints hit ({d.endpoints.length})</SectionTitle>
        <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { sm: 2 }, typography: "body2", fontFamily: "monospace" }}>
          {d.endpoints.map((e) => (
            <Box component="li" key={e} sx={{ overflowWrap: "anywhere" }}>
              {e}
            </Box>
          ))}
        </Box>
      </Box>
    </Stack>
  );
}

/** The stored runs charted (from the readiness report, so a reload keeps them). */
function History() {
  const report = useReadinessReport();
  const history = report.data?.history ?? [];
  return (
    <Box data-testid="load-history">
      <SectionTitle>Over runs</SectionTitle>
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="load-history-empty">
          No load test stored yet.
        </Typography>
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" component="p">
            The last {history.length} run{history.length === 1 ? "" : "s"} (at most {LOAD_TEST.historyRuns}), oldest
            first; dashed lines are the thresholds.
          </Typography>
          <Box sx={{ minHeight: CHART_BOX }}>
            <LoadHistoryChart history={history} />
          </Box>
        </>
      )}
    </Box>
  );
}

/** Load testing: autocannon in-process against this server's own read endpoints, k6-style thresholds, the runs charted. */
export function LoadTestingTab() {
  return (
    <Stack spacing={3}>
      <AssessmentPanel
        kind="load-testing"
        what={`Runs autocannon inside the API against its own read endpoints on a loopback port (never another host), ${LOAD_TEST.defaultSeconds} s by default with ${LOAD_TEST.connections} connections, and checks the thresholds in the k6 manner with a ${LOAD_TEST.p95MarginPercent}% margin on the p95 (PASS at or below ${LOAD_P95_PASS_MAX_MS} ms): the generator shares this machine with the API and whatever else runs on it, and the result says under what load.`}
        detail={(r) => <LoadDetail r={r} />}
      />
      <History />
    </Stack>
  );
}
