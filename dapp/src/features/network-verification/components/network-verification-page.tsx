import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Columns } from "../../../components/columns";
import { Notice } from "../../../components/notice";
import { PageShell, QueryState } from "../../../components/page-shell";
import { Skeleton } from "../../../components/skeleton";
import { paths } from "../../../config/paths";
import { describeQueryError } from "../../../lib/api-errors";
import { timeText } from "../../../lib/time";
import { useNetworkVerification, useRunAgain } from "../api/get-verification";
import type { VerificationResponse } from "../api/contract";
import { PROBE_TIMEOUT_MS } from "../constants";
import { NetworkCard } from "./network-card";

const GRID = { xs: 1, lg: 2 } as const;

/** When the run was made, how old it is, and why this run answered (a refresh that came too soon says so). */
function RunSummary({ v }: { v: VerificationResponse }) {
  return (
    <Box data-testid="run-summary">
      <Typography variant="body2">
        Checked at <strong data-testid="run-checked-at">{timeText(v.checkedAt)}</strong> in{" "}
        {(v.durationMs / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s; this answer was{" "}
        {v.ageSeconds.toLocaleString("en-US", { maximumFractionDigits: 1 })} s old when sent.
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="run-served-note" data-served={v.servedFrom}>
        {v.servedNote}
      </Typography>
    </Box>
  );
}

function Rules({ v }: { v: VerificationResponse }) {
  return (
    <Box component="section" aria-labelledby="nv-rules-heading" data-testid="rules">
      <Typography id="nv-rules-heading" variant="h6" component="h2" sx={{ mb: 0.5 }}>
        How these are checked
      </Typography>
      {[v.rules.outcome, v.rules.timeout, v.rules.cache, v.rules.latency, v.rules.clockSkew].map((rule) => (
        <Typography key={rule} variant="body2" color="text.secondary" component="p" sx={{ mb: 0.75 }}>
          {rule}
        </Typography>
      ))}
    </Box>
  );
}

/** /authentic-network-verification: each network's identifying constants, read live now and compared. */
export function NetworkVerificationPage() {
  const verification = useNetworkVerification();
  const runAgain = useRunAgain();
  const running = runAgain.isPending || verification.isFetching;
  return (
    <PageShell
      testId="network-verification-page"
      title={paths.authenticNetworkVerification.title}
      subtitle={`Is each endpoint really the network it claims? The constants that identify it (chain id, genesis hash, passphrase, network id), each read live and compared with its published value; a pass only ever follows a live read. Probes have ${PROBE_TIMEOUT_MS / 1000} s each and run in parallel.`}
      actions={
        <Button variant="contained" onClick={() => runAgain.mutate()} disabled={running} data-testid="run-again">
          {running ? "Running…" : "Run again"}
        </Button>
      }
    >
      {runAgain.isError ? (
        <Notice severity="error" data-testid="run-again-error">
          Could not run again: {describeQueryError(runAgain.error).message}
        </Notice>
      ) : null}
      <QueryState
        query={verification}
        what="the network verification"
        height={900}
        testId="verification"
        skeleton={
          <Columns columns={GRID}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" height={900} />
            ))}
          </Columns>
        }
      >
        {(v) => (
          <Box sx={{ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 }}>
            <Box role="status" aria-live="polite">
              <RunSummary v={v} />
            </Box>
            <Columns columns={GRID} testId="network-cards">
              {v.networks.map((n) => (
                <NetworkCard key={n.id} n={n} />
              ))}
            </Columns>
            <Rules v={v} />
          </Box>
        )}
      </QueryState>
    </PageShell>
  );
}
