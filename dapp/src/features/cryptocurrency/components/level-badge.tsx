import { useTheme } from "@mui/material/styles";
import { Pill } from "../../../components/pill";
import { sourceBadgeColors } from "../../../components/source-badge";
import type { CoinLevel } from "../constants";
import { LEVEL_LABEL, STATUS_COLOR, type CoinStatus } from "../utils/levels";

/**
 * A coin's level here: "Live" in the Live badge's green, "Signed offline" in the Simulated badge's amber (both
 * from the shared SourceBadge's colours, so a reader learns one code), "Display only" plain.
 */
export function LevelBadge({ level, testId = "level-badge" }: { level: CoinLevel; testId?: string }) {
  const theme = useTheme();
  const colors = sourceBadgeColors(theme);
  const look = level === "live" ? colors.live : level === "signed-offline" ? colors.simulated : null;
  return (
    <Pill
      data-testid={testId}
      data-level={level}
      size="small"
      variant="outlined"
      label={LEVEL_LABEL[level]}
      sx={{
        fontWeight: 600,
        ...(look ? { color: look.ink, bgcolor: look.fill, borderColor: look.border } : {}),
      }}
    />
  );
}

/** OPERATIONAL / UNAVAILABLE / DISPLAY_ONLY, as the API says it. */
export function StatusPill({ status }: { status: CoinStatus }) {
  return (
    <Pill
      data-testid="coin-status"
      data-status={status}
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status]}
      label={status}
    />
  );
}
