import Typography from "@mui/material/Typography";
import { timeText } from "../../../lib/time";
import type { PartState } from "../constants";

/** When a part's value was read, or why it is an older value or none at all (the API's own words). */
export function PartNote({
  state,
  readAt,
  reason,
  testId,
}: {
  state: PartState;
  readAt: string | null;
  reason: string | null;
  testId: string;
}) {
  const text =
    state === "fresh"
      ? `Read ${readAt ? timeText(readAt) : "now"}`
      : state === "last-value"
        ? `Last value, read ${readAt ? timeText(readAt) : "earlier"}: ${reason ?? "the source is slow"}`
        : `Not read: ${reason ?? "no answer"}`;
  return (
    <Typography
      variant="caption"
      component="p"
      data-testid={testId}
      data-state={state}
      color={state === "fresh" ? "text.secondary" : "warning.dark"}
      sx={{ overflowWrap: "anywhere" }}
    >
      {text}
    </Typography>
  );
}
