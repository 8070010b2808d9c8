import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import RadioButtonUncheckedIcon from "@mui/icons-material/RadioButtonUnchecked";
import { useChains, useConnection } from "wagmi";
import { shortenHex } from "../../lib/format";
import { CopyButton } from "../copy-button";
import { ExplorerLink } from "../explorer-link";
import type { TxStepState } from "./types";
import type { TransactionFlow } from "./use-transaction-flow";
import { Notice, NoticeTitle } from "../notice";

const STEP_TEXT: Record<TxStepState["status"], string> = {
  idle: "Waiting",
  confirm: "Confirm in your wallet…",
  pending: "Pending: waiting for the block…",
  confirmed: "Confirmed",
  failed: "Failed",
};

function chainLabel(name: string | undefined, id: number) {
  return `${name ?? "Chain"} (${id})`;
}

/** The chain's explorer, when it has one (Sepolia: Etherscan; the local chain: none). */
function useExplorerUrl(chainId: number | undefined) {
  const chains = useChains();
  return chains.find((c) => c.id === chainId)?.blockExplorers?.default.url;
}

function StepIcon({ status }: { status: TxStepState["status"] }) {
  if (status === "confirmed") return <CheckCircleIcon color="success" fontSize="small" aria-hidden />;
  if (status === "failed") return <ErrorIcon color="error" fontSize="small" aria-hidden />;
  if (status === "confirm" || status === "pending") return <CircularProgress size={18} aria-hidden />;
  return <RadioButtonUncheckedIcon color="disabled" fontSize="small" aria-hidden />;
}

function StepRow({
  index,
  label,
  state,
  active,
  explorer,
}: {
  index: number;
  label: string;
  state: TxStepState;
  active: boolean;
  explorer?: string;
}) {
  return (
    <Box
      component="li"
      data-testid="tx-step"
      data-status={state.status}
      aria-current={active ? "step" : undefined}
      sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", py: 1 }}
    >
      <Box sx={{ pt: 0.25 }}>
        <StepIcon status={state.status} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {index + 1}. {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="tx-step-status">
          {state.status === "confirmed" && state.receipt
            ? `Confirmed in block ${state.receipt.blockNumber.toString()}`
            : STEP_TEXT[state.status]}
        </Typography>
        {state.hash ? (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <Typography variant="body2" sx={{ fontFamily: "monospace" }} title={state.hash} data-testid="tx-hash">
              {shortenHex(state.hash, 10, 8)}
            </Typography>
            <CopyButton value={state.hash} what="transaction hash" />
            {explorer && state.status === "confirmed" ? <ExplorerLink href={`${explorer}/tx/${state.hash}`} /> : null}
          </Stack>
        ) : null}
      </Box>
    </Box>
  );
}

/**
 * The dialog of every wallet write: preview (values after, gas) -> switch chain (a button) -> confirm in
 * wallet -> pending (hash, copyable) -> confirmed (block, explorer link where one exists) -> or failed,
 * with the error in words and Retry. Keyboard: focus stays in the dialog, Escape closes it, the primary
 * action is the last button; a polite live region reads each change of state.
 */
export function TransactionFlowDialog({ flow }: { flow: TransactionFlow }) {
  const { state } = flow;
  const { chainId: walletChainId } = useConnection();
  const chains = useChains();
  const request = state.request;
  const explorer = useExplorerUrl(request?.chainId);
  if (!request) return null;

  const target = chains.find((c) => c.id === request.chainId);
  const wrongChain = walletChainId !== request.chainId;
  const { phase } = state;
  const idle = phase === "preview" || phase === "failed";
  const multi = request.steps.length > 1;
  const lastReceipt = [...state.steps].reverse().find((s) => s.receipt)?.receipt;

  const statusText =
    phase === "preview"
      ? wrongChain
        ? `Switch your wallet to ${chainLabel(target?.name, request.chainId)} to continue.`
        : "Check the preview, then confirm in your wallet."
      : phase === "running"
        ? (() => {
            const step = state.steps[state.current];
            const label = request.steps[state.current]?.label ?? "";
            return step?.status === "pending"
              ? `${label}: pending, waiting for the block.`
              : `${label}: confirm in your wallet.`;
          })()
        : phase === "after"
          ? (request.afterConfirmedLabel ?? "Finishing…")
          : phase === "confirmed"
            ? `Confirmed${lastReceipt ? ` in block ${lastReceipt.blockNumber.toString()}` : ""}.`
            : phase === "failed"
              ? `Failed: ${state.error?.title ?? ""}.`
              : "";

  return (
    <Dialog
      open={state.open}
      onClose={flow.close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="tx-flow-title"
      aria-describedby="tx-flow-status"
      slotProps={{
        paper: {
          ...({ "data-testid": "tx-flow-dialog", "data-phase": phase } as object),
          sx: { m: { xs: 1, sm: 4 }, width: { xs: "calc(100% - 16px)", sm: undefined } },
        },
      }}
    >
      <DialogTitle id="tx-flow-title">{request.title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography id="tx-flow-status" role="status" aria-live="polite" variant="body2" data-testid="tx-flow-status">
            {statusText}
          </Typography>

          {phase === "preview" ? (
            <Box
              component="dl"
              data-testid="tx-preview"
              sx={{
                m: 0,
                display: "grid",
                gridTemplateColumns: "minmax(0, auto) minmax(0, 1fr)",
                columnGap: 2,
                rowGap: 0.75,
              }}
            >
              {request.preview.map((row) => (
                <Box key={row.label} sx={{ display: "contents" }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {row.label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    data-testid={row.testId}
                    sx={{ m: 0, textAlign: "right", fontFamily: "monospace", overflowWrap: "anywhere" }}
                  >
                    {row.value}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}

          {idle && wrongChain ? (
            <Notice
              severity="warning"
              data-testid="tx-switch-chain"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={flow.switchChain}
                  disabled={flow.switching}
                  data-testid="tx-switch-chain-button"
                >
                  {flow.switching ? "Switching…" : `Switch to ${target?.name ?? request.chainId}`}
                </Button>
              }
            >
              Your wallet is on{" "}
              {walletChainId
                ? chainLabel(chains.find((c) => c.id === walletChainId)?.name, walletChainId)
                : "no known chain"}
              ; this runs on {chainLabel(target?.name, request.chainId)}.
              {flow.switchError ? <Box data-testid="tx-switch-error">{flow.switchError.message}</Box> : null}
            </Notice>
          ) : null}

          {phase !== "preview" || multi ? (
            <Box component="ol" aria-label="Steps" sx={{ m: 0, p: 0, listStyle: "none" }}>
              {request.steps.map((step, i) => (
                <StepRow
                  key={step.id}
                  index={i}
                  label={step.label}
                  state={state.steps[i] ?? { status: "idle" }}
                  active={i === state.current && phase !== "preview"}
                  explorer={explorer}
                />
              ))}
              {request.afterConfirmed ? (
                <Box
                  component="li"
                  data-testid="tx-after"
                  data-status={
                    phase === "after"
                      ? "running"
                      : phase === "confirmed"
                        ? "done"
                        : state.failedAfterConfirmed
                          ? "failed"
                          : "idle"
                  }
                  sx={{ display: "flex", gap: 1.5, py: 1 }}
                >
                  <StepIcon
                    status={
                      phase === "after"
                        ? "pending"
                        : phase === "confirmed"
                          ? "confirmed"
                          : state.failedAfterConfirmed
                            ? "failed"
                            : "idle"
                    }
                  />
                  <Typography variant="body2">{request.afterConfirmedLabel ?? "Finishing"}</Typography>
                </Box>
              ) : null}
            </Box>
          ) : null}

          {phase === "confirmed" ? (
            <Notice severity="success" data-testid="tx-confirmed">
              Confirmed{lastReceipt ? ` in block ${lastReceipt.blockNumber.toString()}` : ""}.
              {!explorer ? " This chain has no public explorer." : null}
            </Notice>
          ) : null}

          {phase === "failed" && state.error ? (
            <Notice
              severity={state.error.kind === "rejected" ? "info" : "error"}
              data-testid="tx-error"
              data-kind={state.error.kind}
            >
              <NoticeTitle>{state.error.title}</NoticeTitle>
              {state.error.message}
              {state.failedAfterConfirmed
                ? " The transaction itself is mined; Retry only repeats this last part."
                : null}
            </Notice>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button onClick={flow.close} data-testid="tx-close">
          {phase === "confirmed" || phase === "running" || phase === "after" ? "Close" : "Cancel"}
        </Button>
        {phase === "preview" ? (
          <Button
            variant="contained"
            onClick={flow.confirm}
            disabled={wrongChain || flow.busy}
            data-testid="tx-confirm"
          >
            {request.confirmLabel ?? "Confirm in wallet"}
          </Button>
        ) : null}
        {phase === "failed" ? (
          <Button
            variant="contained"
            onClick={flow.retry}
            disabled={(wrongChain && !state.failedAfterConfirmed) || flow.busy}
            data-testid="tx-retry"
          >
            Retry
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
