import { useState } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { describeQueryError } from "../../../lib/api-errors";
import type { QtAddSignatureResponse, QtSafeProposal } from "../api/contract";
import { useProposals } from "../api/get-proposals";
import { ProposalItem } from "./proposal-item";

/** How many executed or failed proposals the history keeps on screen. */
const HISTORY_SHOWN = 3;

/**
 * "Safe transactions": the queue (proposals waiting for owners' signatures, newest first) and the last few
 * executed, as Safe{Wallet} splits them. Re-read every few seconds while one waits, so a signature made in
 * another owner's browser shows here as it arrives.
 */
export function SafeQueue() {
  const proposals = useProposals();
  // Signatures added in this page, by safeTxHash: the execution's block and the chain before and after stay
  // shown when the proposal moves from the queue to the history.
  const [added, setAdded] = useState<Record<string, QtAddSignatureResponse>>({});
  const item = (p: QtSafeProposal) => (
    <ProposalItem
      key={p.safeTxHash}
      proposal={p}
      added={added[p.safeTxHash] ?? null}
      onAdded={(r) => setAdded((a) => ({ ...a, [p.safeTxHash]: r }))}
    />
  );
  const all = proposals.data?.proposals ?? [];
  const queue = all.filter((p) => p.status === "pending");
  const history = all.filter((p) => p.status !== "pending").slice(0, HISTORY_SHOWN);
  return (
    <Stack spacing={2} component="section" aria-labelledby="qt-safe-queue-title" data-testid="qt-safe-queue">
      <Typography variant="h6" component="h2" id="qt-safe-queue-title">
        Safe transactions
      </Typography>
      {proposals.isPending ? (
        <Typography variant="body2" color="text.secondary" role="status">
          Reading the Safe's proposals…
        </Typography>
      ) : proposals.isError ? (
        <Notice severity="error" data-testid="qt-safe-queue-error">
          {describeQueryError(proposals.error).title}: {describeQueryError(proposals.error).message}
        </Notice>
      ) : (
        <>
          <Typography variant="subtitle1" component="h3">
            Queue ({queue.length})
          </Typography>
          {queue.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="qt-queue-empty">
              No proposal waits for signatures.
            </Typography>
          ) : (
            <Stack component="ol" spacing={2} sx={{ m: 0, p: 0 }} data-testid="qt-queue">
              {queue.map(item)}
            </Stack>
          )}
          {history.length > 0 ? (
            <>
              <Typography variant="subtitle1" component="h3">
                History (last {history.length})
              </Typography>
              <Stack component="ol" spacing={2} sx={{ m: 0, p: 0 }} data-testid="qt-history">
                {history.map(item)}
              </Stack>
            </>
          ) : null}
        </>
      )}
    </Stack>
  );
}
