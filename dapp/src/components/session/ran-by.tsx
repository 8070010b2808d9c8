import Typography from "@mui/material/Typography";
import { timeText } from "../../lib/time";

/** "open (local presenter)" as the API writes it (api/src/http/access.ts ranByOf). */
const OPEN = "open (local presenter)";

/** Who ran an operator job, in words: the operator's address, or the presenter of a loopback-only server. */
export const ranByWords = (ranBy: string | null): string =>
  ranBy === null
    ? "by an operator (not recorded: an older run)"
    : ranBy === OPEN
      ? "by the local presenter (operator actions are open on this loopback-only server)"
      : `by operator ${ranBy}`;

/**
 * The line every visitor reads beside an operator run's results: when it ran, who ran it and, where the run
 * says, where it ran ("in-process chain, fresh deploy of the suite at …"). Shared by the readiness pages.
 */
export function RanBy({
  at,
  ranBy,
  ranOn,
  testId,
  prefix = "Last run",
}: {
  at: string | null;
  ranBy: string | null;
  ranOn?: string | null;
  testId?: string;
  prefix?: string;
}) {
  if (!at) return null;
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      data-testid={testId ?? "ran-by"}
      sx={{ display: "block", overflowWrap: "anywhere" }}
    >
      {prefix} {timeText(at)} {ranByWords(ranBy)}
      {ranOn ? ` · ran on ${ranOn}` : ""}
    </Typography>
  );
}
