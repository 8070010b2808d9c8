import Box from "@mui/material/Box";

/**
 * A percentage as a bar (spec: quantum resistance, an agency's threat level). A plain box rather than MUI's
 * LinearProgress: the Overview is the page's first load, and the bar needs no animation.
 */
export function PercentBar({
  value,
  label,
  color = "primary.main",
  testId,
}: {
  value: number;
  label: string;
  color?: string;
  testId?: string;
}) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuenow={clamped}
      aria-valuemin={0}
      aria-valuemax={100}
      data-testid={testId}
      sx={{ height: 8, borderRadius: 4, bgcolor: "action.selected", overflow: "hidden" }}
    >
      <Box sx={{ width: `${clamped}%`, height: "100%", bgcolor: color, borderRadius: 4 }} />
    </Box>
  );
}
