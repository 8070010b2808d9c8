import { useState, type FormEvent } from "react";
import { timeText } from "../../../lib/time";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { notify } from "../../../components/toast";
import { ApiRequestError, describeError } from "../../../lib/api-client";
import { useGate } from "../../../components/session/use-access";
import { useBatch, useLatestBatch, useRunBatch } from "../api/batch";
import { bridgeContract } from "../api/contract";
import type { BridgeBatch, BridgeLedger } from "../api/types";
import { useBridgeSummary } from "../api/get-summary";
import { ActionButton } from "../../../components/form/action-button";
import { DestinationMode } from "./destination-mode";
import { TxHash } from "../../../components/tx-hash";
import { formatMs, stats } from "../utils/timings";
import { BatchTable } from "./batch-table";

export const BATCH_MIN = 1;
export const BATCH_MAX = 10;

/**
 * N transfers in one go (POST /api/bridge/batch: the API's dev account #9 mints, approves and locks N
 * times to server-held demo accounts, and with "round trip" pays them back), then their states and timings.
 * Server-signed batches are an operator's action; every visitor sees the last one run, and who ran it.
 */
export function BatchPanel() {
  const [count, setCount] = useState("4");
  const [destinations, setDestinations] = useState<BridgeLedger[]>(["stellar", "xrpl"]);
  const [roundTrip, setRoundTrip] = useState(true);
  const [batchId, setBatchId] = useState<string | null>(null);
  const run = useRunBatch();
  const gate = useGate(bridgeContract.runBatch.access);
  const latest = useLatestBatch();
  const summary = useBridgeSummary();
  const batch = useBatch(batchId ?? latest.data?.batch?.id ?? null);
  const n = Number(count);
  const countOk = /^\d+$/.test(count.trim()) && n >= BATCH_MIN && n <= BATCH_MAX;
  // Why Run the batch waits, said beside it; the submit checks the same.
  const reason = !countOk
    ? `A whole number from ${BATCH_MIN} to ${BATCH_MAX}`
    : destinations.length === 0
      ? "Choose at least one destination ledger"
      : null;
  const ready = gate.allowed && reason === null && !run.isPending && batch.data?.state !== "running";

  const toggle = (l: BridgeLedger, on: boolean) =>
    setDestinations((d) => (on ? [...new Set([...d, l])] : d.filter((x) => x !== l)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    run.mutate(
      { count: n, destinations, roundTrip },
      {
        onSuccess: (b) => {
          setBatchId(b.id);
          notify({
            variant: "info",
            title: "Batch started",
            description: `${b.count} transfers to ${b.destinations.join(" and ")}${b.roundTrip ? ", and back" : ""}`,
          });
        },
        onError: (error) =>
          notify({ variant: "error", title: "The batch did not start", description: batchErrorText(error) }),
      },
    );
  };
  const data = batch.data;
  const out = data ? stats(data.items.map((i) => i.timings.lockToDeliveredMs)) : null;
  const back = data?.roundTrip ? stats(data.items.map((i) => i.timings.returnToReleasedMs)) : null;

  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={submit}
        noValidate
        data-testid="batch-form"
        aria-label="Run a batch of transfers"
      >
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
          <TextField
            id="batch-count"
            label="Transfers"
            value={count}
            onChange={(e) => setCount(e.target.value)}
            error={!countOk}
            helperText={
              countOk
                ? `${BATCH_MIN} to ${BATCH_MAX}, spread over the ledgers`
                : `A whole number from ${BATCH_MIN} to ${BATCH_MAX}`
            }
            slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "batch-count" } }}
            sx={{ width: { sm: 180 } }}
          />
          <FormGroup row aria-label="Destinations">
            <FormControlLabel
              control={
                <Checkbox
                  checked={destinations.includes("stellar")}
                  onChange={(e) => toggle("stellar", e.target.checked)}
                />
              }
              label="Stellar"
            />
            <FormControlLabel
              control={
                <Checkbox checked={destinations.includes("xrpl")} onChange={(e) => toggle("xrpl", e.target.checked)} />
              }
              label="XRPL"
            />
          </FormGroup>
          <FormControlLabel
            control={<Switch checked={roundTrip} onChange={(e) => setRoundTrip(e.target.checked)} />}
            label="And back (round trip)"
          />
        </Stack>
        {destinations.length > 0 ? (
          <DestinationMode ledgers={destinations} summary={summary.data} testId="batch-mode" />
        ) : null}
        <ActionButton
          label={data?.state === "running" ? "Batch running…" : "Run the batch"}
          pendingLabel="Starting…"
          pending={run.isPending}
          busy={data?.state === "running"}
          reason={reason}
          gate={gate}
          testId="batch-run"
        />
        {run.error ? (
          <Notice severity="error" data-testid="batch-error">
            {batchErrorText(run.error)}
          </Notice>
        ) : null}
      </Stack>
      {data ? (
        <Box data-testid="batch-result" data-state={data.state}>
          <Typography variant="subtitle1" component="h3">
            Batch {data.id}: {data.state === "running" ? "running" : data.state}
            {data.error ? ` (${data.error})` : ""}
          </Typography>
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="batch-ran-by"
            sx={{ overflowWrap: "anywhere" }}
          >
            Run by {data.ranBy} · started {timeText(data.startedAt)}
            {data.finishedAt ? ` · finished ${timeText(data.finishedAt)}` : ""}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="batch-timings">
            Out: {out!.count} of {data.items.length} delivered · p50 {formatMs(out!.p50Ms)} · max {formatMs(out!.maxMs)}
            {back ? ` · Back: ${back.count} released · p50 ${formatMs(back.p50Ms)} · max ${formatMs(back.maxMs)}` : ""}
          </Typography>
          <Box sx={{ display: "flex", flexWrap: "wrap", columnGap: 2 }}>
            <Typography variant="body2" component="span">
              Sender {data.sender} (dev account #9)
            </Typography>
            {data.mintTxHash ? <TxHash value={data.mintTxHash} label="Mint" testId="batch-mint-hash" /> : null}
            {data.approveTxHash ? (
              <TxHash value={data.approveTxHash} label="Approve" testId="batch-approve-hash" />
            ) : null}
          </Box>
          {simulatedItems(data) > 0 && data.state === "running" ? (
            <Typography variant="body2" color="warning.main" data-testid="batch-simulated">
              {simulatedItems(data)} of {data.items.length} went to a simulated ledger: signed offline, they cannot be
              delivered and are refunded after the deadline.
            </Typography>
          ) : null}
          <BatchTable items={data.items} roundTrip={data.roundTrip} />
        </Box>
      ) : null}
    </Stack>
  );
}

/** Items whose destination ledger answered simulated: they wait for the refund, not for a delivery. */
const simulatedItems = (b: BridgeBatch) =>
  b.items.filter((i) => i.outbound?.destination?.source === "simulated").length;

function batchErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 409)
    return "A batch is already running: wait for it to finish.";
  if (error instanceof ApiRequestError && error.status === 404)
    return `Batches run on the local chain only (the API's dev keys): ${describeError(error)}`;
  return describeError(error);
}
