import BlockIcon from "@mui/icons-material/Block";
import CancelOutlinedIcon from "@mui/icons-material/CancelOutlined";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import RemoveCircleOutlineIcon from "@mui/icons-material/RemoveCircleOutlined";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { TxHash } from "../../../components/tx-hash";
import type { TestStep } from "../api/contract";
import { stepNumber } from "../utils/step-numbers";

/**
 * How a step reads. A refusal the test expects (GS020 with one signature, CollateralRatioTooLow at 149%,
 * EnforcedPause while paused) is a pass and says so; it is never shown as an error.
 */
function outcomeView(step: TestStep) {
  if (step.outcome === "skipped") return { word: "Skipped", color: "text.secondary", Icon: RemoveCircleOutlineIcon };
  if (step.outcome === "failed") return { word: "Failed", color: "error.dark", Icon: CancelOutlinedIcon };
  if (step.expect === "revert")
    return {
      word: `Refused, as expected${step.expectedError ? ` (${step.expectedError})` : ""}`,
      color: "success.dark",
      Icon: BlockIcon,
    };
  return {
    word: step.kind === "transaction" ? "Executed" : "Passed",
    color: "success.dark",
    Icon: CheckCircleOutlineIcon,
  };
}

const HASH = /^0x[0-9a-fA-F]{64}$/;

const KIND_WORD = { transaction: "transaction", call: "call (nothing sent)", read: "read" } as const;

/** One step: its outcome, the transaction (copyable, explorer link when one exists), the revert, the numbers. */
function Step({ step, last, explorerBaseUrl }: { step: TestStep; last: boolean; explorerBaseUrl: string | null }) {
  const o = outcomeView(step);
  const numbers = Object.entries(step.numbers);
  return (
    <Box
      component="li"
      data-testid="run-step"
      data-outcome={step.outcome}
      data-expect={step.expect}
      sx={{ display: "flex", gap: 1.5, minWidth: 0 }}
    >
      {/* the rail: an icon per step joined by a line, so the order reads at a glance */}
      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", color: o.color, pt: 0.25 }}>
        <o.Icon fontSize="small" aria-hidden />
        {last ? null : <Box sx={{ flex: 1, width: 2, bgcolor: "divider", my: 0.5 }} />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1, pb: last ? 0 : 2 }}>
        <Typography variant="subtitle2" component="h4" data-testid="run-step-name" sx={{ overflowWrap: "anywhere" }}>
          {step.name}
        </Typography>
        <Typography
          variant="body2"
          component="div"
          sx={{ color: o.color, fontWeight: 600 }}
          data-testid="run-step-outcome"
        >
          {o.word}
          <Box component="span" sx={{ color: "text.secondary", fontWeight: 400 }}>
            {" "}
            · {KIND_WORD[step.kind]}
          </Box>
        </Typography>
        {step.detail ? (
          <Typography
            variant="body2"
            color="text.secondary"
            data-testid="run-step-detail"
            sx={{ overflowWrap: "anywhere" }}
          >
            {step.outcome === "skipped" ? "Why: " : ""}
            {step.detail}
          </Typography>
        ) : null}
        {step.revertReason ? (
          <Typography variant="body2" data-testid="run-step-revert" sx={{ overflowWrap: "anywhere" }}>
            Revert:{" "}
            <Box component="code" sx={{ fontSize: "0.8125rem" }}>
              {step.revertReason}
            </Box>
          </Typography>
        ) : null}
        {step.txHash ? (
          <TxHash
            value={step.txHash}
            testId="run-step-hash"
            explorerUrl={explorerBaseUrl ? `${explorerBaseUrl}/tx/${step.txHash}` : null}
          />
        ) : null}
        {numbers.length > 0 ? (
          <Box
            component="dl"
            data-testid="run-step-numbers"
            sx={{
              display: "grid",
              gridTemplateColumns: "max-content minmax(0, 1fr)",
              columnGap: 1.5,
              rowGap: 0.25,
              my: 0.5,
            }}
          >
            {numbers.map(([k, v]) => {
              const n = stepNumber(k, v);
              return (
                <Box key={k} sx={{ display: "contents" }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {n.label}
                  </Typography>
                  <Typography
                    component="dd"
                    variant="body2"
                    title={v}
                    sx={{ m: 0, overflowWrap: "anywhere", fontVariantNumeric: "tabular-nums" }}
                  >
                    {HASH.test(v) ? (
                      <TxHash value={v} label="" what={n.label.toLowerCase()} testId="run-step-number-hash" />
                    ) : (
                      n.text
                    )}
                  </Typography>
                </Box>
              );
            })}
          </Box>
        ) : null}
      </Box>
    </Box>
  );
}

/** A run's steps in order, as a timeline. */
export function StepTimeline({
  steps,
  testId,
  explorerBaseUrl = null,
}: {
  steps: readonly TestStep[];
  testId: string;
  explorerBaseUrl?: string | null;
}) {
  return (
    <Box component="ol" data-testid={testId} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {steps.map((s, i) => (
        <Step key={`${i}-${s.name}`} step={s} last={i === steps.length - 1} explorerBaseUrl={explorerBaseUrl} />
      ))}
    </Box>
  );
}
