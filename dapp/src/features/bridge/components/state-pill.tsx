import { Pill, type PillColor } from "../../../components/pill";
import type { TransferState } from "../api/types";

const LOOK: Record<TransferState, { label: string; color: PillColor }> = {
  locked: { label: "Locked", color: "info" },
  relaying: { label: "Relaying", color: "info" },
  delivered: { label: "Delivered", color: "success" },
  failed: { label: "Failed", color: "error" },
  refunded: { label: "Refunded", color: "warning" },
  seen: { label: "Paid to issuer", color: "info" },
  releasing: { label: "Releasing", color: "info" },
  released: { label: "Released", color: "success" },
  rejected: { label: "Rejected", color: "error" },
};

/**
 * A transfer's state as a word and a colour (green only for delivered / released). A lock from an earlier run of
 * the local chain is never shown as pending: its escrow no longer exists.
 */
export function StatePill({ state, earlierRun = false }: { state: TransferState; earlierRun?: boolean }) {
  if (earlierRun)
    return (
      <Pill
        data-testid="transfer-state"
        data-state={state}
        data-run="earlier"
        label="Earlier chain run"
        color="default"
        size="small"
        title={`Last state ${LOOK[state]?.label ?? state}, on a run of the local chain that no longer exists`}
      />
    );
  const look = LOOK[state] ?? { label: state, color: "default" as const };
  return (
    <Pill
      data-testid="transfer-state"
      data-state={state}
      label={look.label}
      color={look.color}
      size="small"
      variant={look.color === "info" ? "outlined" : "filled"}
    />
  );
}
