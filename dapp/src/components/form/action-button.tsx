import { useId, type ReactNode } from "react";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { AccessNote } from "../session/access-note";
import type { Gate } from "../session/use-access";

export type ActionButtonProps = {
  label: string;
  pendingLabel: string;
  /** This action runs (a spinner and the pending label). */
  pending: boolean;
  /** Another action of the page runs: this one waits, without a reason of its own. */
  busy: boolean;
  /** Why the action cannot be sent now (the input's problem, the next reward's time), said beside it; null: ready. */
  reason: string | null;
  /** The action's access rule (useGate): the button waits until it admits the caller, and its note shows below. */
  gate?: Gate;
  testId: string;
  /** A submit button of its form (Enter in the field sends it), or a button with its own click. */
  onClick?: () => void;
  color?: "primary" | "warning" | "error";
  /** Beside the button (Cancel). */
  secondaryAction?: ReactNode;
};

/**
 * The one action button of a form: disabled while the input is invalid, the action is not allowed yet or
 * another action runs, with the reason beside it in words (and named by it to assistive technology), so a
 * user never clicks to learn what is wrong. The spec's validation messages are these reasons.
 */
export function ActionButton({
  label,
  pendingLabel,
  pending,
  busy,
  reason,
  gate,
  testId,
  onClick,
  color = "primary",
  secondaryAction,
}: ActionButtonProps) {
  const reasonId = useId();
  const accessId = useId();
  const admitted = gate ? gate.allowed : true;
  const showReason = reason !== null && !pending;
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Button
          type={onClick ? "button" : "submit"}
          onClick={onClick}
          variant="contained"
          size="large"
          color={color}
          data-testid={testId}
          disabled={busy || pending || !admitted || reason !== null}
          aria-describedby={[showReason ? reasonId : "", gate?.note ? accessId : ""].join(" ").trim() || undefined}
          startIcon={pending ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ flexShrink: 0 }}
        >
          {pending ? pendingLabel : label}
        </Button>
        {secondaryAction}
        {showReason ? (
          <Typography id={reasonId} variant="body2" color="text.secondary" data-testid={`${testId}-reason`}>
            {reason}
          </Typography>
        ) : null}
      </Stack>
      {gate ? <AccessNote gate={gate} id={accessId} /> : null}
    </Stack>
  );
}
