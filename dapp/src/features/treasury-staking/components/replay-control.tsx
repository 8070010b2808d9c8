import Typography from "@mui/material/Typography";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { describeError } from "../../../lib/api-client";
import { treasuryStakingContract } from "../api/contract";
import { useAdvanceReplay, useReplay } from "../api/replay";
import { curveDayText } from "../utils/format";
import { ReplayRow } from "./replay-placeholder";

/**
 * Advance 1 day / 1 week / 1 month through the official history: on the local chain only (the API says
 * whether, and why not). Elsewhere the replay follows the calendar and the strip says so. The curve day is
 * every visitor's: moving it is an operator's action (the contract's access for replay/advance), and the reason shows beside it.
 */
export function ReplayControl() {
  const replay = useReplay();
  const advance = useAdvanceReplay();
  const gate = useGate(treasuryStakingContract.advanceReplay.access);
  const data = replay.data;
  if (replay.isPending) return <ReplayRow disabled busy />;
  if (!data?.canAdvance) {
    return (
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="replay-unavailable"
        sx={{ minHeight: 30, display: "flex", alignItems: "center" }}
      >
        {data ? data.note : `Replay state unread: ${describeError(replay.error)}`}
      </Typography>
    );
  }
  return (
    <>
      <ReplayRow
        disabled={advance.isPending || !gate.allowed}
        busy={advance.isPending}
        onAdvance={(by) => advance.mutate(by)}
        describedBy={gate.note ? "replay-access" : undefined}
      />
      <AccessNote gate={gate} id="replay-access" />
      <div role="status" aria-live="polite">
        {advance.isSuccess && !advance.isPending ? (
          <Typography variant="caption" color="text.secondary" data-testid="replay-done">
            Now on {curveDayText(advance.data.asOf)}
          </Typography>
        ) : null}
        {advance.isError ? (
          <Typography variant="caption" color="error" data-testid="replay-error">
            Could not advance: {describeError(advance.error)}
          </Typography>
        ) : null}
      </div>
    </>
  );
}
