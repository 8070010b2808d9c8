import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import { Pill } from "../../../components/pill";
import type { AssessmentSummary, ReadinessReport } from "../api/contract";
import { PROFESSIONAL_KINDS } from "../constants";
import { formatDuration, formatPercent, formatWhen, readinessTone, type Tone } from "../utils/readiness";

const STATUS_TONE: Record<AssessmentSummary["status"], Tone | "default"> = {
  passed: "success",
  failed: "error",
  inconclusive: "warning",
  "not run": "default",
};
const STATUS_WORD: Record<AssessmentSummary["status"], string> = {
  passed: "Passed",
  failed: "Failed",
  inconclusive: "Inconclusive",
  "not run": "Not run",
};

/** One assessment's latest run: its status, score, when it ran ("never run") and how long it took. */
function AssessmentRow({ a }: { a: AssessmentSummary }) {
  const tone = STATUS_TONE[a.status];
  return (
    <Box
      component="li"
      data-testid={`summary-${a.kind}`}
      data-status={a.status}
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "minmax(0, 1fr) auto", sm: "minmax(0, 12rem) 5.5rem 4.5rem minmax(0, 1fr)" },
        columnGap: 1.5,
        rowGap: 0.25,
        alignItems: "center",
        py: 1,
        borderTop: 1,
        borderColor: "divider",
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {a.label}
      </Typography>
      <Box sx={{ justifySelf: { xs: "end", sm: "start" } }}>
        <Pill
          size="small"
          label={STATUS_WORD[a.status]}
          color={tone}
          variant={tone === "default" ? "outlined" : "filled"}
          data-testid={`summary-${a.kind}-status`}
        />
      </Box>
      <Typography
        variant="body2"
        data-testid={`summary-${a.kind}-score`}
        sx={{
          fontVariantNumeric: "tabular-nums",
          color: a.status === "not run" ? "text.secondary" : `${readinessTone(a.score)}.dark`,
        }}
      >
        {formatPercent(a.score)}
        <Box component="span" sx={{ color: "text.secondary" }}>
          {" "}
          / 100
        </Box>
      </Typography>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid={`summary-${a.kind}-when`}
        sx={{ overflowWrap: "anywhere", gridColumn: { xs: "1 / -1", sm: "auto" } }}
      >
        {a.timestamp ? (
          <>
            ran <time dateTime={a.timestamp}>{formatWhen(a.timestamp)}</time> · took {formatDuration(a.durationMs)}
          </>
        ) : (
          "never run"
        )}
      </Typography>
    </Box>
  );
}

/**
 * The top of the page: overall readiness (coloured by the spec's 90 / 75), the mainnet recommendation with
 * its reason, the rules that compute both as the API states them, and each assessment's latest run.
 */
export function ReadinessSummary({ report }: { report: ReadinessReport }) {
  const tone = readinessTone(report.overallReadiness);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid="readiness-summary">
      <Typography variant="h6" component="h2">
        Overall readiness
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Typography
          variant="h3"
          component="p"
          data-testid="overall-readiness"
          data-tone={tone}
          sx={{ fontWeight: 700, color: `${tone}.dark` }}
        >
          {formatPercent(report.overallReadiness)}%
        </Typography>
        <Box>
          <Typography variant="caption" color="text.secondary" component="div">
            Mainnet recommendation
          </Typography>
          <Pill
            label={report.mainnetRecommendation}
            color={tone}
            data-testid="mainnet-recommendation"
            data-badge={report.badge}
            sx={{ fontWeight: 700 }}
          />
        </Box>
      </Stack>
      <Box
        role="progressbar"
        aria-label="Overall readiness"
        aria-valuenow={report.overallReadiness}
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
        <Box
          sx={{
            height: "100%",
            width: `${Math.max(0, Math.min(100, report.overallReadiness))}%`,
            bgcolor: `${tone}.main`,
          }}
        />
      </Box>
      <Typography variant="body2" data-testid="recommendation-reason" sx={{ overflowWrap: "anywhere" }}>
        {report.recommendationReason}
      </Typography>
      <Box component="ul" sx={{ listStyle: "none", m: 0, mt: 1.5, p: 0 }} data-testid="assessment-summaries">
        {PROFESSIONAL_KINDS.map((k) => (
          <AssessmentRow key={k} a={report.assessments[k]} />
        ))}
      </Box>
      {/* The rules as the API states them: a reader sees how the figures above are made, not just the figures. */}
      <Box sx={{ mt: 1.5 }} data-testid="readiness-rules">
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid="readiness-rule"
          sx={{ overflowWrap: "anywhere" }}
        >
          <strong>Readiness:</strong> {report.rule} Green at 90% or above, yellow at 75% or above, red below.
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          data-testid="recommendation-rule"
          sx={{ overflowWrap: "anywhere", mt: 0.5 }}
        >
          <strong>Recommendation:</strong> {report.recommendationRule}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        As of <time dateTime={report.asOf}>{formatWhen(report.asOf)}</time>.{" "}
        <span data-testid="standards-note">
          {report.standardsNote} References:{" "}
          {report.industryStandards.map((s) => `${s.name} (${s.version})`).join("; ")}.
        </span>
      </Typography>
    </Paper>
  );
}
