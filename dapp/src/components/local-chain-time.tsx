import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { ADVANCE_DAYS } from "../../../api/src/features/local-chain/local-chain.constants";
import { lazyPart } from "./lazy-part";
import { AccessNotePending } from "./session/access-note";

/**
 * The local-chain time control as drawn: the buttons, the access note, the chain time and the outcome. Its
 * own module (no reads, no mutation) so the page's first paint draws it, pending, in its final size while
 * the control's code loads (a lazy part: it is an operator's tool, not what a visitor came for).
 */
export function LocalChainTimeView({
  pending,
  disabled,
  describedBy,
  onAdvance,
  accessNote,
  now,
  status,
  error,
}: {
  pending: boolean;
  disabled: boolean;
  describedBy?: string;
  onAdvance?: (days: (typeof ADVANCE_DAYS)[number]) => void;
  accessNote?: ReactNode;
  now: ReactNode;
  status?: ReactNode;
  error?: ReactNode;
}) {
  return (
    <Paper variant="outlined" data-testid="local-chain-time" aria-busy={pending || undefined} sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <Typography variant="body2" id="local-chain-time-label">
          Advance the local chain by
        </Typography>
        <Stack
          direction="row"
          spacing={1}
          role="group"
          aria-labelledby="local-chain-time-label"
          sx={{ flexWrap: "wrap" }}
        >
          {ADVANCE_DAYS.map((days) => (
            <Button
              key={days}
              size="small"
              variant="outlined"
              disabled={disabled}
              onClick={() => onAdvance?.(days)}
              aria-label={`Advance the local chain by ${days} ${days === 1 ? "day" : "days"}`}
              aria-describedby={describedBy}
              data-testid={`advance-${days}`}
            >
              {days} {days === 1 ? "day" : "days"}
            </Button>
          ))}
        </Stack>
        {accessNote}
        <Typography variant="caption" color="text.secondary" data-testid="local-chain-time-now">
          {now}
        </Typography>
        <div role="status" aria-live="polite">
          {status}
        </div>
        {error}
      </Stack>
    </Paper>
  );
}

/**
 * "Advance the local chain by 1 / 7 / 30 days": only where the API says the chain is the local Hardhat chain;
 * elsewhere it renders nothing (local-chain-time-control.tsx). Until its code is there it holds its place.
 */
export const LocalChainTime = lazyPart(
  () => import("./local-chain-time-control").then((m) => m.LocalChainTimeControl),
  {
    name: "The local chain's time control",
    // With the access note's line held, as the control first draws it: without it the page below moved down one
    // line when the control arrived (Lighthouse CLS 0.022 on /liquid-staking-leverage at 412 px).
    fallback: <LocalChainTimeView pending disabled now="Reading the chain time…" accessNote={<AccessNotePending />} />,
  },
);
