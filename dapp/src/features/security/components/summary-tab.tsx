import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import { Pill } from "../../../components/pill";
import type { SecurityReport } from "../api/contract";
import { CATEGORIES } from "../utils/vocabulary";
import { scoreTone } from "../utils/words";

const Figure = ({
  label,
  value,
  testId,
  color,
}: {
  label: string;
  value: number | string;
  testId: string;
  color?: string;
}) => (
  <Box sx={{ minWidth: 0 }}>
    <Typography variant="caption" color="text.secondary" component="div">
      {label}
    </Typography>
    <Typography variant="h5" component="p" data-testid={testId} sx={{ fontWeight: 700, color }}>
      {value}
    </Typography>
  </Box>
);

/**
 * What the verdict covered: operations of the OpenAPI document reached, and each one not reached, out of scope
 * with its reason or not reached and why (DEPLOYMENT_READY needs every one reached or out of scope).
 */
function Coverage({ report }: { report: SecurityReport }) {
  const c = report.coverage;
  const notReached = c.unprobed.filter((u) => !u.outOfScope);
  return (
    <Box data-testid="coverage" data-complete={c.complete} sx={{ mt: 1 }}>
      <Typography variant="body2" data-testid="coverage-line" sx={{ overflowWrap: "anywhere" }}>
        Coverage: {c.operationsReached} of {c.operations} operations reached; {c.unprobed.length - notReached.length}{" "}
        out of scope with a reason, {notReached.length} not reached
        {c.complete ? "." : ": the verdict cannot vouch for those."}
      </Typography>
      {c.unprobed.length ? (
        <Box component="details" sx={{ mt: 0.5 }}>
          <Box component="summary" sx={{ cursor: "pointer", typography: "body2" }}>
            The operations not probed, and why
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {c.unprobed.map((u) => (
              <Typography
                component="li"
                variant="body2"
                key={u.operation}
                data-testid="unprobed"
                data-out-of-scope={u.outOfScope}
                sx={{ overflowWrap: "anywhere" }}
              >
                <code>{u.operation}</code>: {u.reason}
              </Typography>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The summary the API computed from the results (spec §3): overall score coloured by the 90 / 75 rule, grade,
 * government readiness and why, passed / failed / warnings of all checks, critical issues, the frameworks mapped,
 * each category's counts, and the rule that turned results into these figures, in the API's words.
 */
export function SummaryTab({ report }: { report: SecurityReport }) {
  const s = report.summary;
  const tone = scoreTone(s.overallScore);
  const ready = report.governmentReadiness === "DEPLOYMENT_READY";
  return (
    <Stack spacing={2.5} data-testid="summary-tab">
      <Box data-testid="overall-score" data-tone={tone}>
        <Stack direction="row" spacing={2} sx={{ alignItems: "baseline", flexWrap: "wrap", rowGap: 1 }}>
          <Typography
            variant="h3"
            component="p"
            data-testid="overall-score-value"
            sx={{ fontWeight: 700, color: `${tone}.dark` }}
          >
            {s.overallScore}
            <Box component="span" sx={{ fontSize: "1.5rem" }}>
              {" "}
              / 100
            </Box>
          </Typography>
          <Pill label={`Grade ${s.securityGrade}`} color={tone} data-testid="security-grade" sx={{ fontWeight: 700 }} />
          <Pill
            label={report.governmentReadiness}
            color={ready ? "success" : "default"}
            variant={ready ? "filled" : "outlined"}
            data-testid="government-readiness"
          />
        </Stack>
        <Box
          role="progressbar"
          aria-label="Overall security score"
          aria-valuenow={s.overallScore}
          aria-valuemin={0}
          aria-valuemax={100}
          sx={{
            height: 8,
            borderRadius: 4,
            my: 1,
            bgcolor: (t) => alpha(t.palette[tone].main, 0.22),
            overflow: "hidden",
          }}
        >
          <Box sx={{ height: "100%", width: `${s.overallScore}%`, bgcolor: `${tone}.main` }} />
        </Box>
        <Typography variant="body2" data-testid="readiness-reason" sx={{ overflowWrap: "anywhere" }}>
          {report.governmentReadinessReason}
        </Typography>
        <Coverage report={report} />
      </Box>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", sm: "repeat(5, minmax(0, 1fr))" },
        }}
      >
        <Figure label="Passed" value={s.passedTests} testId="passed-tests" color="success.dark" />
        <Figure
          label="Failed"
          value={s.failedTests}
          testId="failed-tests"
          color={s.failedTests ? "error.dark" : undefined}
        />
        <Figure
          label="Warnings"
          value={s.warningTests}
          testId="warning-tests"
          color={s.warningTests ? "warning.dark" : undefined}
        />
        <Figure label="Total checks" value={s.totalTests} testId="total-tests" />
        <Figure
          label="Critical issues"
          value={s.criticalIssues}
          testId="critical-issues"
          color={s.criticalIssues ? "error.dark" : "success.dark"}
        />
      </Box>
      <Box
        component="table"
        data-testid="category-counts"
        sx={{
          borderCollapse: "collapse",
          width: "100%",
          "& th, & td": {
            textAlign: "left",
            py: 0.5,
            pr: 1,
            borderBottom: 1,
            borderColor: "divider",
            typography: "body2",
          },
        }}
      >
        <caption style={{ textAlign: "left", captionSide: "top" }}>
          <Typography variant="subtitle2" component="span">
            By category
          </Typography>
        </caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">PASS</th>
            <th scope="col">FAIL</th>
            <th scope="col">WARNING</th>
          </tr>
        </thead>
        <tbody>
          {CATEGORIES.map((c) => {
            const rs = report.detailedResults.filter((r) => r.category === c);
            const n = (st: string) => rs.filter((r) => r.status === st).length;
            return (
              <tr key={c} data-testid="category-row" data-category={c}>
                <th scope="row">{c}</th>
                <td>{n("PASS")}</td>
                <td>{n("FAIL")}</td>
                <td>{n("WARNING")}</td>
              </tr>
            );
          })}
        </tbody>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          Frameworks the checks are mapped to
        </Typography>
        <Typography variant="body2" data-testid="compliance-frameworks">
          {s.complianceFrameworks.join(" · ")} (a mapping, not a certification)
        </Typography>
      </Box>
      <Box>
        <Typography variant="subtitle2" component="h3">
          How these figures are computed
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="scoring-rule" sx={{ overflowWrap: "anywhere" }}>
          {report.scoringRule}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          Score colour: green at 90 or above, yellow at 75 or above, red below.
        </Typography>
      </Box>
    </Stack>
  );
}
