import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";

export const REPLAY_LABELS = { day: "1 day", week: "1 week", month: "1 month" } as const;

/**
 * The replay control's row: "Advance" and three buttons. While its code or the replay's state is on its
 * way the buttons show disabled in the same place (on the local chain they are about to appear).
 */
export function ReplayRow({
  disabled,
  onAdvance,
  busy,
  describedBy,
}: {
  disabled: boolean;
  onAdvance?: (by: keyof typeof REPLAY_LABELS) => void;
  busy?: boolean;
  describedBy?: string;
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      role="group"
      aria-labelledby="replay-label"
      sx={{ alignItems: "center", flexWrap: "wrap" }}
      data-testid="replay-control"
      aria-busy={busy || undefined}
    >
      <Typography variant="body2" id="replay-label" component="span" color="text.secondary">
        Advance the replay
      </Typography>
      {(Object.keys(REPLAY_LABELS) as (keyof typeof REPLAY_LABELS)[]).map((by) => (
        <Button
          key={by}
          size="small"
          variant="outlined"
          disabled={disabled}
          onClick={() => onAdvance?.(by)}
          aria-label={`Advance the replay by ${REPLAY_LABELS[by]}`}
          aria-describedby={describedBy}
          data-testid={`replay-advance-${by}`}
        >
          {REPLAY_LABELS[by]}
        </Button>
      ))}
    </Stack>
  );
}

export const ReplayPlaceholder = () => <ReplayRow disabled busy />;
