import { useTheme } from "@mui/material/styles";
import { Pill, type PillColor } from "../../../components/pill";
import { sourceBadgeColors } from "../../../components/source-badge";
import { LEVEL_LABEL, type CoinLevel } from "../utils/levels";

/**
 * A coin's or network's level, as the coins page shows it: "Live" in the Live badge's green, "Signed offline" in
 * the Simulated badge's amber (the shared SourceBadge's colours, so a reader learns one code), "Display only" plain.
 */
export function LevelBadge({ level, testId = "level-badge" }: { level: CoinLevel; testId?: string }) {
  const colors = sourceBadgeColors(useTheme());
  const look = level === "live" ? colors.live : level === "signed-offline" ? colors.simulated : null;
  return (
    <Pill
      data-testid={testId}
      data-level={level}
      size="small"
      variant="outlined"
      label={LEVEL_LABEL[level]}
      sx={{ fontWeight: 600, ...(look ? { color: look.ink, bgcolor: look.fill, borderColor: look.border } : {}) }}
    />
  );
}

/** A status word exactly as the API says it (OPERATIONAL, PARTIAL…), in its colour. */
export function StatusPill({ status, color, testId }: { status: string; color: PillColor; testId: string }) {
  return (
    <Pill
      data-testid={testId}
      data-status={status}
      size="small"
      variant="outlined"
      color={color}
      label={status}
      sx={{ fontWeight: 600 }}
    />
  );
}
