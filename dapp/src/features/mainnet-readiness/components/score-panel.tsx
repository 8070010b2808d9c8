import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import type { MainnetReadinessStatusResponse } from "../api/contract";
import { formatScore, REPORT_LABEL, scoreTone } from "../utils/readiness";
import { timeText } from "../../../lib/time";

/**
 * The score (items passed ÷ all items), coloured by the spec's readiness rule, with its counts and the
 * "Download report" action. The text uses each tone's dark shade so it stays readable (AA) on white.
 */
export function ScorePanel({
  status,
  downloading,
  onDownload,
}: {
  status: MainnetReadinessStatusResponse;
  downloading: boolean;
  onDownload: () => void;
}) {
  const tone = scoreTone(status.score);
  const failing = status.items.filter((i) => i.passed === false).length;
  return (
    <Box data-testid="mainnet-score" data-tone={tone}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
        <Typography
          variant="h3"
          component="p"
          data-testid="mainnet-score-value"
          sx={{ fontWeight: 700, color: `${tone}.dark` }}
        >
          {formatScore(status.score)}%
        </Typography>
        <Typography variant="body2" data-testid="mainnet-score-counts">
          {status.passed} of {status.total} items pass · {failing} failing · {status.notMeasured} not measured
        </Typography>
      </Stack>
      <Box
        role="progressbar"
        aria-label="Mainnet readiness score"
        aria-valuenow={status.score}
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
        <Box sx={{ height: "100%", width: `${Math.max(0, Math.min(100, status.score))}%`, bgcolor: `${tone}.main` }} />
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" }, mt: 1.5 }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon aria-hidden />}
          onClick={onDownload}
          disabled={downloading}
          data-testid="download-report"
        >
          {downloading ? "Preparing…" : REPORT_LABEL}
        </Button>
        <Typography variant="caption" color="text.secondary" data-testid="mainnet-computed-at">
          Computed {timeText(status.computedAt)} on {status.chain.network} (chain {status.chain.chainId}); Markdown,
          every item with its evidence.
        </Typography>
      </Stack>
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="score-rule"
        sx={{ mt: 1, overflowWrap: "anywhere" }}
      >
        Rule: {status.scoreRule}.
      </Typography>
    </Box>
  );
}
