import { useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import type { BridgeTransfer } from "../api/types";
import { formatUnits18 } from "../utils/amount";
import {
  deadlineText,
  isFinal,
  LEDGER_NAMES,
  otherSide,
  transferSteps,
  type StepStatus,
  type TransferStep,
} from "../utils/steps";
import { formatMs, transferDurationMs } from "../utils/timings";
import { StatePill } from "./state-pill";

const MARK: Record<StepStatus, { symbol: string; color: string; word: string }> = {
  done: { symbol: "✓", color: "success.main", word: "done" },
  current: { symbol: "…", color: "info.main", word: "in progress" },
  waiting: { symbol: "○", color: "text.disabled", word: "waiting" },
  failed: { symbol: "✕", color: "error.main", word: "failed" },
};

/** Why a step has no explorer link: the local chain has no explorer; a simulated hash was never submitted. */
function noLinkReason(step: TransferStep): string | null {
  if (!step.hash || step.explorerUrl) return null;
  if (step.source === "simulated")
    return `Simulated: signed offline, never submitted${step.reason ? ` (${step.reason})` : ""}; no explorer has it`;
  if (step.ledger === "evm") return "Local chain: no public explorer";
  return null;
}

function Step({ step, index }: { step: TransferStep; index: number }) {
  const mark = MARK[step.status];
  const why = noLinkReason(step);
  return (
    <Box
      component="li"
      data-testid={`step-${step.id}`}
      data-status={step.status}
      sx={{ display: "flex", gap: 1.5, py: 1, borderTop: index ? 1 : 0, borderColor: "divider" }}
    >
      <Box
        aria-hidden
        sx={{
          width: 28,
          height: 28,
          flexShrink: 0,
          borderRadius: "50%",
          border: 2,
          borderColor: mark.color,
          color: mark.color,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          fontWeight: 700,
        }}
      >
        {mark.symbol}
      </Box>
      <Stack spacing={0.25} sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "baseline", columnGap: 1 }}>
          <Typography variant="subtitle2" component="span">
            {index + 1}. {step.label}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="span">
            {mark.word}
            {step.at ? ` · ${new Date(step.at).toLocaleTimeString()}` : ""} · {LEDGER_NAMES[step.ledger]}
          </Typography>
        </Box>
        {step.detail ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
            {step.detail}
          </Typography>
        ) : null}
        {step.hash ? (
          <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: 1 }}>
            <TxHash value={step.hash} explorerUrl={step.explorerUrl} testId={`step-${step.id}-hash`} />
            {step.source ? (
              <SourceBadge source={step.source} reason={step.source === "simulated" ? step.reason : null} />
            ) : null}
          </Box>
        ) : null}
        {why ? (
          <Typography variant="caption" color="text.secondary" data-testid={`step-${step.id}-no-link`}>
            {why}
          </Typography>
        ) : null}
      </Stack>
    </Box>
  );
}

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/** One transfer, step by step: each ledger's hash, explorer link (or why none), the times and the refund deadline. */
export function TransferStepper({ transfer }: { transfer: BridgeTransfer }) {
  const side = otherSide(transfer);
  const steps = transferSteps(transfer);
  const now = useNow(!isFinal(transfer.state));
  const deadline = deadlineText(transfer, now);
  const took = transferDurationMs(transfer);
  return (
    <Stack spacing={1.5} data-testid="transfer-stepper" data-state={transfer.state}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h3" sx={{ overflowWrap: "anywhere" }}>
          {transfer.direction === "outbound" ? `Lock #${transfer.evm.lockNonce ?? transfer.id}` : "Way back"}:{" "}
          {formatUnits18(transfer.evm.amount)} XQB {transfer.direction === "outbound" ? "to" : "from"}{" "}
          {side ? LEDGER_NAMES[side.ledger] : "?"}
        </Typography>
        <StatePill state={transfer.state} earlierRun={transfer.chainRun === "earlier"} />
        {side ? <SourceBadge source={side.source} reason={side.reason} /> : null}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        {transfer.direction === "outbound"
          ? `From ${transfer.evm.sender ?? "?"} to ${side?.address ?? "?"}${side?.memo ? `, memo “${side.memo}”` : ""}`
          : `From ${side?.address ?? "?"} to ${transfer.evm.recipient ?? "?"}`}
        {side ? ` · asset ${side.asset.code} issued by ${side.asset.issuer}` : ""}
      </Typography>
      <Box component="ol" sx={{ listStyle: "none", m: 0, p: 0 }} aria-label="Transfer steps">
        {steps.map((s, i) => (
          <Step key={s.id} step={s} index={i} />
        ))}
      </Box>
      {deadline ? (
        <Typography variant="body2" data-testid="transfer-deadline">
          {deadline}
        </Typography>
      ) : null}
      {took !== null ? (
        <Typography variant="body2" color="text.secondary" data-testid="transfer-took">
          Took {formatMs(took)} from {transfer.direction === "outbound" ? "the lock" : "the payment"} to{" "}
          {transfer.state}
          {transfer.attempts > 1 ? ` (${transfer.attempts} attempts)` : ""}
        </Typography>
      ) : null}
      {transfer.error &&
      transfer.state !== "failed" &&
      transfer.state !== "rejected" &&
      transfer.state !== "refunded" ? (
        <Notice severity="warning" role="status" data-testid="transfer-error">
          The relayer's last attempt: {transfer.error}
        </Notice>
      ) : null}
    </Stack>
  );
}
