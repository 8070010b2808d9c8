import { useEffect, useRef } from "react";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { notify } from "../../../components/toast";
import { useBridgeTransfer } from "../api/get-transfer";
import type { BridgeTransfer, TransferState } from "../api/types";
import { formatUnits18 } from "../utils/amount";
import { isFinal, LEDGER_NAMES, otherSide } from "../utils/steps";
import { TransferStepper } from "./transfer-stepper";

function toastFinal(t: BridgeTransfer) {
  const side = otherSide(t);
  const where = side ? LEDGER_NAMES[side.ledger] : "the other ledger";
  const amount = `${formatUnits18(t.evm.amount)} XQB`;
  const simulated = side?.source === "simulated";
  const by: Partial<Record<TransferState, () => void>> = {
    delivered: () =>
      notify({
        variant: simulated ? "simulated" : "success",
        title: simulated ? "Delivery signed offline (simulated)" : "Delivered",
        description: `${amount} on ${where}`,
      }),
    refunded: () =>
      notify({
        variant: "warning",
        title: "Refunded",
        description: `${amount} back to ${t.evm.sender ?? "the sender"}: ${t.error ?? "not delivered in time"}`,
      }),
    released: () =>
      notify({
        variant: "success",
        title: "Released",
        description: `${amount} to ${t.evm.recipient ?? "your wallet"} on the local chain`,
      }),
    rejected: () => notify({ variant: "error", title: "Payment rejected by the relayer", description: t.error ?? "" }),
  };
  by[t.state]?.();
}

/** The transfer named in `?transfer=`, read every 2 s until final; a toast when it ends while watched (`fresh`: just made here). */
export function FollowedTransfer({ id, onClose, fresh = false }: { id: string; onClose: () => void; fresh?: boolean }) {
  const query = useBridgeTransfer(id);
  // Toasts only an ending watched here (a transfer just made on this page, or seen waiting / in flight
  // first): a reload on a finished transfer does not toast again.
  const watching = useRef(fresh);
  const toasted = useRef(false);
  const state = query.data === undefined ? undefined : (query.data?.state ?? null);
  useEffect(() => {
    if (state === undefined) return;
    if (state === null || !isFinal(state)) watching.current = true;
    else if (watching.current && !toasted.current && query.data) {
      toasted.current = true;
      toastFinal(query.data);
    }
  }, [state, query.data]);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}
      data-testid="followed-transfer"
      aria-live="polite"
    >
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", mb: 1 }}>
        <Typography variant="h6" component="h2">
          Following transfer {id.length > 20 ? `${id.slice(0, 18)}…` : id}
        </Typography>
        <Button size="small" onClick={onClose} data-testid="stop-following">
          Close
        </Button>
      </Stack>
      <QueryState query={query} what="the transfer" height={240} testId="transfer">
        {(t) =>
          t ? (
            <TransferStepper transfer={t} />
          ) : (
            <Stack spacing={1} data-testid="transfer-waiting">
              <PartLoading minHeight={60} label="Waiting for the relayer" />
              <Typography variant="body2" color="text.secondary">
                Waiting for the relayer to pick it up: it reads the escrow's Locked events (and the issuers' incoming
                payments) from the chain; a few seconds on the local chain.
              </Typography>
            </Stack>
          )
        }
      </QueryState>
    </Paper>
  );
}
