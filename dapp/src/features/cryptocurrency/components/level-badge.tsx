import { Pill } from "../../../components/pill";
import { STATUS_COLOR, type CoinStatus } from "../utils/levels";

export { LevelBadge } from "../../../components/level-badge";

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
