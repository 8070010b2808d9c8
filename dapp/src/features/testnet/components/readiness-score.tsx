import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import { Pill } from "../../../components/pill";
import { formatScore, franklinWord, scoreTone } from "../utils/readiness";

/**
 * The readiness score (the share of checks that pass) coloured by the rule: green at 90 or more, yellow
 * at 75 or more, red below; the text uses the dark shade of each, so it stays readable (AA) on white.
 */
export function ReadinessScore({
  score,
  passed,
  total,
  ready,
}: {
  score: number;
  passed: number;
  total: number;
  ready: boolean;
}) {
  const tone = scoreTone(score);
  return (
    <Box data-testid="readiness-score" data-tone={tone}>
      <Stack direction="row" spacing={2} sx={{ alignItems: "baseline", flexWrap: "wrap" }}>
        <Typography
          variant="h3"
          component="p"
          data-testid="readiness-score-value"
          sx={{ fontWeight: 700, color: `${tone}.dark` }}
        >
          {formatScore(score)}%
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {passed} of {total} checks pass
        </Typography>
      </Stack>
      {/* a plain bar (MUI's LinearProgress brings its animation machinery for a static value) */}
      <Box
        role="progressbar"
        aria-label="Readiness score"
        aria-valuenow={score}
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
        <Box sx={{ height: "100%", width: `${Math.max(0, Math.min(100, score))}%`, bgcolor: `${tone}.main` }} />
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2">Franklin readiness:</Typography>
        <Pill
          data-testid="franklin-ready"
          size="small"
          label={franklinWord(ready)}
          color={ready ? "success" : "default"}
          variant={ready ? "filled" : "outlined"}
          sx={{ fontWeight: 700 }}
        />
        <Typography variant="caption" color="text.secondary">
          YES when every check passes.
        </Typography>
      </Stack>
    </Box>
  );
}
