import { useState } from "react";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { describeQueryError } from "../lib/api-errors";
import { callEndpoint } from "../lib/endpoint-client";
import { localChainContract } from "../../../api/src/features/local-chain/local-chain.contract";
import { ADVANCE_DAYS } from "../../../api/src/features/local-chain/local-chain.constants";
import type { AdvanceTimeResponse, LocalChainTimeResponse } from "../../../api/src/features/local-chain/local-chain.schemas";
import { Notice } from "./notice";
import { AccessNote } from "./session/access-note";
import { useGate } from "./session/use-access";

// The API's contract: api/src/features/local-chain/local-chain.contract.ts (its schemas by type only).
type AdvanceTime = AdvanceTimeResponse;
export type LocalChainTime = LocalChainTimeResponse;

export const localChainTimeQueryKey = ["local-chain", "time"] as const;

const date = (unix: number) => new Date(unix * 1000).toLocaleString();
const offsetText = (seconds: number) => {
  const days = seconds / 86_400;
  return Math.abs(days) < 0.01 ? "in step with the clock" : `${days >= 0 ? "+" : "−"}${Math.abs(days).toFixed(2)} days from the clock`;
};

/**
 * "Advance the local chain by 1 / 7 / 30 days": only where the API says the chain is the local Hardhat
 * chain (31337, `available: true`); elsewhere, or when the API lacks the route, it renders nothing.
 * After a jump every query is invalidated, so each page re-reads what time changed (rewards, claims).
 */
export function LocalChainTime() {
  const queryClient = useQueryClient();
  const time = useQuery({
    queryKey: localChainTimeQueryKey,
    queryFn: ({ signal }) => callEndpoint(localChainContract.time, {}, { signal }),
  });
  // Chain time is every visitor's: moving it is an operator's action (the contract's access for advance-time).
  const gate = useGate(localChainContract.advanceTime.access);
  const [done, setDone] = useState<(AdvanceTime & { days: number }) | null>(null);
  const advance = useMutation({
    mutationFn: (days: (typeof ADVANCE_DAYS)[number]) => callEndpoint(localChainContract.advanceTime, { body: { days } }).then((r) => ({ ...r, days })),
    onSuccess: async (result) => {
      setDone(result);
      await queryClient.invalidateQueries();
    },
  });
  const data = time.data;
  // While the first answer is on its way the control holds its place (same lines, buttons off): on the
  // local chain it is about to appear, and appearing late would push the page down (layout shift).
  const pending = time.isPending;
  if (!pending && !data?.available) return null;
  return (
    <Paper variant="outlined" data-testid="local-chain-time" aria-busy={pending || undefined} sx={{ p: 1.5 }}>
      <Stack spacing={1}>
        <Typography variant="body2" id="local-chain-time-label">
          Advance the local chain by
        </Typography>
        <Stack direction="row" spacing={1} role="group" aria-labelledby="local-chain-time-label" sx={{ flexWrap: "wrap" }}>
          {ADVANCE_DAYS.map((days) => (
            <Button
              key={days}
              size="small"
              variant="outlined"
              disabled={pending || advance.isPending || !gate.allowed}
              onClick={() => advance.mutate(days)}
              aria-label={`Advance the local chain by ${days} ${days === 1 ? "day" : "days"}`}
              aria-describedby={gate.note ? "local-chain-time-access" : undefined}
              data-testid={`advance-${days}`}
            >
              {days} {days === 1 ? "day" : "days"}
            </Button>
          ))}
        </Stack>
        <AccessNote gate={gate} id="local-chain-time-access" />
        <Typography variant="caption" color="text.secondary" data-testid="local-chain-time-now">
          {!data ? "Reading the chain time…" : data.chainTime !== null ? `Chain time ${date(data.chainTime)}` : "Chain time unread"}
          {data?.offsetSeconds != null ? ` (${offsetText(data.offsetSeconds)})` : ""}
          {data?.blockNumber != null ? ` · block ${data.blockNumber}` : ""}
        </Typography>
        <div role="status" aria-live="polite">
          {advance.isPending ? "Advancing…" : null}
          {done && !advance.isPending && !advance.isError ? (
            <Typography variant="caption" data-testid="local-chain-time-done">
              Advanced {done.days} {done.days === 1 ? "day" : "days"}: chain time {date(done.chainTime)}, block {done.blockNumber}
            </Typography>
          ) : null}
        </div>
        {advance.isError ? (
          <Notice severity="error" data-testid="local-chain-time-error">
            {describeQueryError(advance.error).title}: {describeQueryError(advance.error).message}
          </Notice>
        ) : null}
      </Stack>
    </Paper>
  );
}
