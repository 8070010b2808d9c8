import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { STEP_CHECKED_BY, STEP_LABELS, STEP_RULES, type OnboardingStep } from "../constants";

export type StepStatus = "done" | "current" | "waiting" | "checking";

const MARK: Record<StepStatus, { text: string; color: string }> = {
  done: { text: "Done", color: "success.main" },
  current: { text: "Now", color: "primary.main" },
  waiting: { text: "Waiting", color: "text.secondary" },
  checking: { text: "Checking…", color: "text.secondary" },
};

/** One step of the checklist: its number and state, what proves it (and when), its action when it is the current one. */
export function StepRow({
  step,
  index,
  status,
  evidence,
  children,
}: {
  step: OnboardingStep;
  index: number;
  status: StepStatus;
  /** What proves it done, in words, with when; null while not done. */
  evidence?: ReactNode;
  /** The current step's action. */
  children?: ReactNode;
}) {
  const mark = MARK[status];
  return (
    <Box
      component="li"
      data-testid={`onboarding-step-${step}`}
      data-status={status}
      aria-current={status === "current" ? "step" : undefined}
      sx={{
        listStyle: "none",
        display: "grid",
        gridTemplateColumns: "2rem minmax(0, 1fr)",
        columnGap: 1.5,
        py: 1.5,
        borderTop: 1,
        borderColor: "divider",
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 32,
          height: 32,
          borderRadius: "50%",
          display: "grid",
          placeItems: "center",
          fontWeight: 600,
          color: status === "done" || status === "current" ? "common.white" : mark.color,
          bgcolor: status === "done" || status === "current" ? mark.color : "transparent",
          border: 2,
          borderColor: mark.color,
        }}
      >
        {status === "done" ? "✓" : index + 1}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {index + 1}. {STEP_LABELS[step]}
          </Typography>
          <Typography variant="body2" sx={{ color: mark.color }} data-testid="onboarding-step-state">
            {mark.text}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {STEP_CHECKED_BY[step] === "browser" ? "seen by your browser" : "checked by the server"}
          </Typography>
        </Box>
        {evidence ? (
          <Typography variant="body2" data-testid="onboarding-step-evidence" sx={{ overflowWrap: "anywhere" }}>
            {evidence}
          </Typography>
        ) : null}
        {children ? <Box sx={{ mt: 1 }}>{children}</Box> : null}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {STEP_RULES[step]}
        </Typography>
      </Box>
    </Box>
  );
}
