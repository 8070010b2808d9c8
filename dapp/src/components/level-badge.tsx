import { useTheme } from "@mui/material/styles";
import { Pill } from "./pill";
import { sourceBadgeColors } from "./source-badge";

/**
 * What a coin or network can really do here (the coin layer's level, api/src/features/cryptocurrency): a ledger we
 * reach executes it, it is signed with the coin's own library and never broadcast, or it is only shown.
 */
export type CoinLevel = "live" | "signed-offline" | "display-only";
export const COIN_LEVELS: readonly CoinLevel[] = ["live", "signed-offline", "display-only"];

export const LEVEL_LABEL: Record<CoinLevel, string> = {
  live: "Live",
  "signed-offline": "Signed offline",
  "display-only": "Display only",
};

/** What each level means, in a sentence (shown in legends, never only as a colour). */
export const LEVEL_MEANING: Record<CoinLevel, string> = {
  live: "a ledger we reach executes the test transaction",
  "signed-offline": "a real testnet transaction is built and signed with the coin's own library, and never broadcast",
  "display-only": "shown only: nothing here could honestly run a transfer of it",
};

/**
 * A level as a badge: "Live" in the Live badge's green, "Signed offline" in the Simulated badge's amber (the shared
 * SourceBadge's colours, so a reader learns one code), "Display only" plain.
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
