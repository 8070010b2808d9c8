import Chip from "@mui/material/Chip";
import Tooltip from "@mui/material/Tooltip";

/** Live (submitted to a ledger) or Simulated (signed offline, never submitted) with the reason. */
export function SourceBadge({ source, reason }: { source: "live" | "simulated"; reason?: string | null }) {
  const live = source === "live";
  const chip = (
    <Chip
      data-testid="source-badge"
      data-source={source}
      size="small"
      color={live ? "success" : "warning"}
      variant={live ? "filled" : "outlined"}
      label={live ? "Live" : "Simulated"}
      aria-label={live ? "Live" : `Simulated${reason ? `: ${reason}` : ""}`}
    />
  );
  return !live && reason ? (
    <Tooltip title={reason} arrow>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}
