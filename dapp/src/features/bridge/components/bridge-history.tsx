import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { useBridgeTransfers } from "../api/get-transfers";
import { formatMs, timingStats } from "../utils/timings";
import { TransfersTable } from "./transfers-table";

/** Every wallet's transfers (any lock on the chain, in the app or not), with their timings. */
export function BridgeHistory() {
  const query = useBridgeTransfers(undefined);
  return (
    <QueryState
      query={query}
      what="the transfer history"
      height={200}
      testId="history"
      isEmpty={(d) => d.transfers.length === 0}
      empty={{ message: "No transfers yet: run a batch above or send one on the demo page." }}
    >
      {(d) => {
        const stats = timingStats(d.transfers);
        return (
          <>
            <Typography variant="body2" color="text.secondary" data-testid="history-timings" sx={{ mb: 1 }}>
              {d.transfers.length} transfers · {stats.count} finished · p50 {formatMs(stats.p50Ms)} · max{" "}
              {formatMs(stats.maxMs)}
            </Typography>
            <TransfersTable transfers={d.transfers} testId="history-table" />
          </>
        );
      }}
    </QueryState>
  );
}
