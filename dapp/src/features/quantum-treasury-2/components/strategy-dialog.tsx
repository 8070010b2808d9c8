import { useState } from "react";
import { Notice, NoticeTitle } from "../../../components/notice";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTheme } from "@mui/material/styles";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { SourceBadge } from "../../../components/source-badge";
import { describeQueryError } from "../../../lib/api-errors";
import { QT_OPERATIONS, QT_PLAN } from "../constants";
import { quantumTreasury2Contract, type QtStrategyRequest } from "../api/contract";
import { executeStrategy, previewStrategy } from "../api/execute";
import { qtMutationKey, qtQueryKey } from "../api/keys";
import { announce, useTreasuryBusy } from "../hooks/use-treasury-operation";
import { failureOf, refusalOf } from "../utils/refusal";
import { useDebounced } from "../utils/use-debounced";
import { CallList } from "./call-list";
import { CoSignOption } from "./co-sign-option";
import { OperationResult } from "./operations-tab";

type Amounts = { collateralUsdc: string; xqbAmount: string; xqbusdAmount: string };
/** The plan's figures: $150M of collateral, 150M XQB, $100M of XQBUSD at 150%. */
const PLAN_AMOUNTS: Amounts = {
  collateralUsdc: String(QT_PLAN.totalCapitalUsd),
  xqbAmount: String(QT_OPERATIONS.mint_xqb.defaultAmount),
  xqbusdAmount: String(QT_OPERATIONS.enable_xqbusd.defaultAmount),
};
const FIELDS = [
  { key: "collateralUsdc", label: "USDC collateral to deploy" },
  { key: "xqbAmount", label: "XQB to mint" },
  { key: "xqbusdAmount", label: "XQBUSD to enable" },
] as const;
const isAmount = (v: string) => /^\d+(\.\d+)?$/.test(v.trim()) && Number(v) > 0;

/**
 * "Execute Treasury Strategy": the three operations as ONE Safe transaction (a MultiSendCallOnly batch).
 * Every call of the batch is listed (POST .../strategy/preview, nothing sent) before a signed-in wallet
 * proposes it ("Propose the batch"); it executes once two owners have signed it with their wallets, or at once
 * when an operator has the server co-sign with the local chain's dev keys ("Execute the batch").
 */
export function StrategyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"));
  const [amounts, setAmounts] = useState<Amounts>(PLAN_AMOUNTS);
  const valid = FIELDS.every((f) => isAmount(amounts[f.key]));
  const body: QtStrategyRequest | null = valid
    ? {
        collateralUsdc: amounts.collateralUsdc.trim(),
        xqbAmount: amounts.xqbAmount.trim(),
        xqbusdAmount: amounts.xqbusdAmount.trim(),
      }
    : null;
  // Debounced as text: an object made afresh at each render would never settle.
  const bodyKey = body ? JSON.stringify(body) : null;
  const settledKey = useDebounced(bodyKey, 400);
  const settled = settledKey ? (JSON.parse(settledKey) as QtStrategyRequest) : null;
  const preview = useQuery({
    queryKey: [...qtQueryKey, "strategy-preview", settledKey],
    queryFn: () => previewStrategy(settled!),
    enabled: open && settled !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const queryClient = useQueryClient();
  const busy = useTreasuryBusy();
  const gate = useGate(quantumTreasury2Contract.strategyExecute.access);
  const [coSign, setCoSign] = useState(false);
  const execute = useMutation({
    mutationKey: [...qtMutationKey, "strategy"],
    mutationFn: (request: QtStrategyRequest) => executeStrategy(coSign ? { ...request, coSign: "dev-keys" } : request),
    onSuccess: (result) => {
      announce(result, "Treasury strategy (deploy capital, mint XQB, enable XQBUSD)");
      return queryClient.invalidateQueries({ queryKey: qtQueryKey });
    },
  });
  const refusal = execute.isError ? refusalOf(execute.error) : null;
  const previewRefusal = preview.isError ? refusalOf(preview.error) : null;
  const close = () => {
    if (execute.isPending) return;
    execute.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby="qt-strategy-title"
      data-testid="qt-strategy-dialog"
    >
      <DialogTitle id="qt-strategy-title">Execute Treasury Strategy</DialogTitle>
      <DialogContent dividers>
        {execute.data ? (
          <OperationResult result={execute.data} />
        ) : (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              One Safe transaction runs the three operations in order, through MultiSendCallOnly. Two of the Safe's
              three owners sign it with their wallets before it executes.
            </Typography>
            <CoSignOption id="qt-strategy-cosign" checked={coSign} onChange={setCoSign} disabled={execute.isPending} />
            <Grid container spacing={2}>
              {FIELDS.map((f) => (
                <Grid key={f.key} size={{ xs: 12, sm: 4 }}>
                  <TextField
                    id={`qt-strategy-${f.key}`}
                    label={f.label}
                    type="number"
                    fullWidth
                    value={amounts[f.key]}
                    disabled={execute.isPending}
                    error={amounts[f.key] !== "" && !isAmount(amounts[f.key])}
                    onChange={(e) => setAmounts((a) => ({ ...a, [f.key]: e.target.value }))}
                    slotProps={{
                      htmlInput: { min: 0, step: 1, inputMode: "decimal", "data-testid": `qt-strategy-${f.key}` },
                    }}
                  />
                </Grid>
              ))}
            </Grid>
            <Box data-testid="qt-strategy-preview" aria-live="polite">
              {!valid ? (
                <Notice severity="info">Enter three amounts greater than 0.</Notice>
              ) : preview.data ? (
                <Stack spacing={1} sx={{ opacity: preview.isPlaceholderData || preview.isFetching ? 0.6 : 1 }}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
                    <Typography variant="subtitle1" component="h3">
                      The batch, call by call
                    </Typography>
                    <SourceBadge source={preview.data.source} reason={preview.data.reason} />
                  </Stack>
                  {preview.data.steps.length > 0 ? (
                    <Box>
                      <Typography variant="body2" color="text.secondary">
                        Sent first by the API's own account, outside the Safe:
                      </Typography>
                      <CallList calls={preview.data.steps.map((s) => s.call)} testId="qt-strategy-step" />
                    </Box>
                  ) : null}
                  <Typography variant="body2" color="text.secondary">
                    Then the Safe (nonce {preview.data.nonce}, {preview.data.threshold} signatures) calls:
                  </Typography>
                  <CallList calls={preview.data.calls} testId="qt-strategy-call" />
                </Stack>
              ) : preview.isError ? (
                <Notice severity="warning" data-testid="qt-strategy-preview-error">
                  {previewRefusal ? previewRefusal.message : describeQueryError(preview.error).message}
                </Notice>
              ) : (
                <Typography variant="body2" color="text.secondary" role="status">
                  Building the preview…
                </Typography>
              )}
            </Box>
            <AccessNote gate={gate} id="qt-strategy-access" />
            {refusal || execute.isError ? (
              <Notice severity={refusal ? "warning" : "error"} data-testid="qt-strategy-error">
                <NoticeTitle>{refusal ? "The vault refused it" : failureOf(execute.error).title}</NoticeTitle>
                {refusal ? refusal.message : failureOf(execute.error).message}
              </Notice>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={execute.isPending} data-testid="qt-strategy-close">
          {execute.data ? "Close" : "Cancel"}
        </Button>
        {execute.data ? null : (
          <Button
            variant="contained"
            data-testid="qt-strategy-confirm"
            disabled={!body || busy || !gate.allowed || !preview.data || preview.isError || settledKey !== bodyKey}
            aria-describedby={gate.note ? "qt-strategy-access" : undefined}
            onClick={() => body && execute.mutate(body)}
          >
            {execute.isPending
              ? coSign
                ? "Executing..."
                : "Proposing..."
              : coSign
                ? "Execute the batch"
                : "Propose the batch"}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
