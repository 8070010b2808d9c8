import Box from "@mui/material/Box";
import { PathIcon } from "../../../components/path-icon";
import { Pill, type PillColor } from "../../../components/pill";
import type { Outcome } from "../constants";

// Material's CheckCircle, Cancel, CloudOff and RemoveCircleOutline: an icon and a word beside the colour, so no
// outcome is told by colour alone.
const LOOK: Record<Outcome, { label: string; color: PillColor; icon: string }> = {
  pass: {
    label: "Pass",
    color: "success",
    icon: "M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z",
  },
  fail: {
    label: "Fail",
    color: "error",
    icon: "M12 2C6.47 2 2 6.47 2 12s4.47 10 10 10 10-4.47 10-10S17.53 2 12 2zm5 13.59L15.59 17 12 13.41 8.41 17 7 15.59 10.59 12 7 8.41 8.41 7 12 10.59 15.59 7 17 8.41 13.41 12 17 15.59z",
  },
  "not-reachable": {
    label: "Not reachable",
    color: "warning",
    icon: "M19.35 10.04C18.67 6.59 15.64 4 12 4c-1.48 0-2.85.43-4.01 1.17l1.46 1.46C10.21 6.23 11.08 6 12 6c3.04 0 5.5 2.46 5.5 5.5v.5H19c1.66 0 3 1.34 3 3 0 1.13-.64 2.11-1.56 2.62l1.45 1.45C23.16 18.16 24 16.68 24 15c0-2.64-2.05-4.78-4.65-4.96zM3 5.27l2.75 2.74C2.56 8.15 0 10.77 0 14c0 3.31 2.69 6 6 6h11.73l2 2L21 20.73 4.27 4 3 5.27zM7.73 10l8 8H6c-2.21 0-4-1.79-4-4s1.79-4 4-4h1.73z",
  },
  "not-configured": {
    label: "Not configured",
    color: "default",
    icon: "M7 11v2h10v-2H7zm5-9C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8z",
  },
};

export const OUTCOME_LABEL: Record<Outcome, string> = Object.fromEntries(
  Object.entries(LOOK).map(([k, v]) => [k, v.label]),
) as Record<Outcome, string>;

/** Pass / Fail / Not reachable / Not configured: colour, icon and the word. */
export function OutcomeChip({ outcome, testId = "outcome-chip" }: { outcome: Outcome; testId?: string }) {
  const look = LOOK[outcome];
  return (
    <Pill
      data-testid={testId}
      data-outcome={outcome}
      size="small"
      variant="outlined"
      color={look.color}
      label={
        <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
          <PathIcon d={look.icon} fontSize={16} />
          {look.label}
        </Box>
      }
      sx={{ fontWeight: 600, flexShrink: 0 }}
    />
  );
}
