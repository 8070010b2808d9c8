import type { ReactNode } from "react";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

/**
 * A card with a title, its value (a reading or a flag's word), an optional badge, and what the value is
 * measured from: a reading never stands without its source.
 */
export function StatCard({
  title,
  value,
  badge,
  measures,
  testId,
  valueColor,
}: {
  title: string;
  value: ReactNode;
  badge?: ReactNode;
  measures: ReactNode;
  testId: string;
  valueColor?: string;
}) {
  return (
    <Paper variant="outlined" data-testid={testId} sx={{ height: "100%", p: 2 }}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {title}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5, minHeight: 40 }}>
        <Typography
          variant="h5"
          component="p"
          data-testid={`${testId}-value`}
          sx={{ overflowWrap: "anywhere", fontWeight: 600, color: valueColor }}
        >
          {value}
        </Typography>
        {badge}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="div" data-testid={`${testId}-measures`}>
        {measures}
      </Typography>
    </Paper>
  );
}
