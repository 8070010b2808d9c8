import { Pill } from "../../../components/pill";
import { clearanceColor, levelColor, levelLabel } from "../utils/words";

/** A security level's badge in its colour (spec §3); an unknown value in grey. */
export function LevelBadge({ level }: { level: string }) {
  return (
    <Pill
      size="small"
      color={levelColor(level)}
      label={levelLabel(level)}
      data-testid="level-badge"
      data-level={level}
    />
  );
}

/** A clearance level's badge in its colour (spec §3); an unknown value in grey. */
export function ClearanceBadge({ level }: { level: string }) {
  return (
    <Pill
      size="small"
      color={clearanceColor(level)}
      label={level.replace(/_/g, " ")}
      data-testid="clearance-badge"
      data-level={level}
    />
  );
}
