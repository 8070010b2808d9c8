import { useState } from "react";
import Typography from "@mui/material/Typography";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { describeQueryError } from "../lib/api-errors";
import { callEndpoint } from "../lib/endpoint-client";
import { localChainContract } from "../../../api/src/features/local-chain/local-chain.contract";
import type { ADVANCE_DAYS } from "../../../api/src/features/local-chain/local-chain.constants";
import type {
  AdvanceTimeResponse,
  LocalChainTimeResponse,
} from "../../../api/src/features/local-chain/local-chain.schemas";
import { LocalChainTimeView } from "./local-chain-time";
import { Notice } from "./notice";
import { AccessNote } from "./session/access-note";
import { useGate } from "./session/use-access";
import { timeText } from "../lib/time";

// The API's contract: api/src/features/local-chain/local-chain.contract.ts (its schemas by type only).
type AdvanceTime = AdvanceTimeResponse;
export type LocalChainTime = LocalChainTimeResponse;

// The control's code (its reads, the operator gate, the mutation) is a lazy part of local-chain-time.tsx.
export const localChainTimeQueryKey = ["local-chain", "time"] as const;

const date = (unix: number) => timeText(unix); // its lines say "Chain time" themselves
const offsetText = (seconds: number) => {
  const days = seconds / 86_400;
  return Math.abs(days) < 0.01
    ? "in step with the clock"
    : `${days >= 0 ? "+" : "−"}${Math.abs(days).toFixed(2)} days from the clock`;
};

/**
 * "Advance the local chain by 1 / 7 / 30 days": only where the API says the chain is the local Hardhat
 * chain (31337, `available: true`); elsewhere, or when the API lacks the route, it renders nothing.
 * After a jump every query is invalidated, so each page re-reads what time changed (rewards, claims).
 */
export function LocalChainTimeControl() {
  const queryClient = useQueryClient();
  const time = useQuery({
    queryKey: localChainTimeQueryKey,
    queryFn: ({ signal }) => callEndpoint(localChainContract.time, {}, { signal }),
    // Chain time is the latest block's: every block moves it (another visitor's too).
    meta: { chainReads: { everyBlock: true } },
  });
  // Chain time is every visitor's: moving it is an operator's action (the contract's access for advance-time).
  const gate = useGate(localChainContract.advanceTime.access);
  const [done, setDone] = useState<(AdvanceTime & { days: number }) | null>(null);
  const advance = useMutation({
    mutationFn: (days: (typeof ADVANCE_DAYS)[number]) =>
      callEndpoint(localChainContract.advanceTime, { body: { days } }).then((r) => ({ ...r, days })),
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
    <LocalChainTimeView
      pending={pending}
      disabled={pending || advance.isPending || !gate.allowed}
      describedBy={gate.note ? "local-chain-time-access" : undefined}
      onAdvance={(days) => advance.mutate(days)}
      accessNote={<AccessNote gate={gate} id="local-chain-time-access" />}
      now={
        <>
          {!data
            ? "Reading the chain time…"
            : data.chainTime !== null
              ? `Chain time ${date(data.chainTime)}`
              : "Chain time unread"}
          {data?.offsetSeconds != null ? ` (${offsetText(data.offsetSeconds)})` : ""}
          {data?.blockNumber != null ? ` · block ${data.blockNumber}` : ""}
        </>
      }
      status={
        <>
          {advance.isPending ? "Advancing…" : null}
          {done && !advance.isPending && !advance.isError ? (
            <Typography variant="caption" data-testid="local-chain-time-done">
              Advanced {done.days} {done.days === 1 ? "day" : "days"}: chain time {date(done.chainTime)}, block{" "}
              {done.blockNumber}
            </Typography>
          ) : null}
        </>
      }
      error={
        advance.isError ? (
          <Notice severity="error" data-testid="local-chain-time-error">
            {describeQueryError(advance.error).title}: {describeQueryError(advance.error).message}
          </Notice>
        ) : null
      }
    />
  );
}
