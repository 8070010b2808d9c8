import { Pill, type PillColor } from "../../../components/pill";

export { LevelBadge } from "../../../components/level-badge";

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
