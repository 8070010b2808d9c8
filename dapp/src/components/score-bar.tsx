import Box from "@mui/material/Box";
import { alpha } from "@mui/material/styles";
import { scoreTone } from "../lib/score";

/** A score out of 100 as a bar in its readiness colour (lib/score.ts), announced as a progressbar. */
export function ScoreBar({ score, label }: { score: number; label: string }) {
  const tone = scoreTone(score);
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuenow={score}
      aria-valuemin={0}
      aria-valuemax={100}
      sx={{ height: 8, borderRadius: 4, my: 1, bgcolor: (t) => alpha(t.palette[tone].main, 0.22), overflow: "hidden" }}
    >
      <Box sx={{ height: "100%", width: `${Math.max(0, Math.min(100, score))}%`, bgcolor: `${tone}.main` }} />
    </Box>
  );
}
