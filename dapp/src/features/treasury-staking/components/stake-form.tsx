import { useState } from "react";
import { Notice, NoticeTitle } from "../../../components/notice";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { AccessNote } from "../../../components/session/access-note";
import { useTradeGate } from "./trade-gate";
import { useStake } from "../api/stake";
import type { TreasuryOpportunity } from "../api/contract";
import { TREASURY_MESSAGES, TREASURY_PAPER_NOTE } from "../constants";
import { treasuryStakeFormSchema } from "../schemas";
import { bpsText, percentText, strategyName, usdText } from "../utils/format";
import { backtestText } from "./opportunity-card";
import { toastInsufficientAmount, toastInvalidInput, toastStakeCreated, toastStakeFailed } from "../utils/toasts";

export type StakeCheck =
  { ok: true; amount: number } | { ok: false; reason: "invalid" | "insufficient" | "malformed"; message: string };

/**
 * What the page checks before it asks the API, with the API's own form rule (`treasuryStakeFormSchema`:
 * spec part 2 §5, "," allowed as a thousands separator); the API checks the same again on the curve day.
 */
export function checkStake(opportunity: TreasuryOpportunity | null, amountText: string): StakeCheck {
  const parsed = treasuryStakeFormSchema(opportunity?.capitalRequired).safeParse({
    opportunityId: opportunity?.id ?? "",
    amount: amountText,
  });
  if (parsed.success && opportunity) return { ok: true, amount: parsed.data.amount };
  const message = parsed.error?.issues[0]?.message ?? TREASURY_MESSAGES.invalidInput.description;
  if (!opportunity || message === TREASURY_MESSAGES.invalidInput.description)
    return { ok: false, reason: "invalid", message };
  if (message.startsWith(TREASURY_MESSAGES.insufficientAmountPrefix))
    return { ok: false, reason: "insufficient", message };
  return { ok: false, reason: "malformed", message };
}

/**
 * Create Staking Position for the selected opportunity: the amount (at least the capital the DV01-neutral
 * legs need) and the risk disclosure. The API opens a paper position at today's curve; on success the
 * selection and the amount are cleared and the positions are read again.
 */
export function StakeForm({
  opportunity,
  onCancel,
  onCreated,
}: {
  opportunity: TreasuryOpportunity;
  onCancel: () => void;
  onCreated: () => void;
}) {
  const [amount, setAmount] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const stake = useStake();
  const gate = useTradeGate();
  const submit = () => {
    if (!gate.allowed) return;
    const checked = checkStake(opportunity, amount);
    setFieldError(checked.ok || checked.reason === "invalid" ? null : checked.message);
    if (!checked.ok) {
      if (checked.reason === "insufficient") return toastInsufficientAmount(opportunity.capitalRequired);
      return checked.reason === "invalid" ? toastInvalidInput() : toastInvalidInput(`Amount ${checked.message}`);
    }
    stake.mutate(
      { opportunityId: opportunity.id, amount: checked.amount },
      {
        onSuccess: () => {
          toastStakeCreated();
          setAmount("");
          onCreated();
        },
        onError: (error) => toastStakeFailed(error),
      },
    );
  };
  const o = opportunity;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="stake-form" data-opportunity={o.id}>
      <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), submit())} noValidate>
        <Typography variant="h6" component="h2">
          Create Staking Position: {strategyName(o.strategy)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Long {o.longBond.maturity}, short {o.shortBond.maturity} at a notional ratio of {o.notionalRatioText}{" "}
          (DV01-neutral); spread now {bpsText(o.currentSpread)}. Expected return {percentText(o.expectedReturn)} over{" "}
          {o.timeHorizon}.
        </Typography>
        <TextField
          id="stake-amount"
          label="Amount (USD)"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setFieldError(null);
          }}
          placeholder={o.capitalRequired.toLocaleString("en-US")}
          error={fieldError !== null}
          helperText={
            <span data-testid="stake-amount-help">
              {fieldError ??
                `Minimum investment: ${usdText(o.capitalRequired, 0)} (the gross face of the smallest DV01-neutral ticket)`}
            </span>
          }
          slotProps={{
            htmlInput: { inputMode: "decimal", autoComplete: "off", "data-testid": "stake-amount-input" },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
          fullWidth
        />
        <Notice severity="warning" variant="outlined" data-testid="risk-disclosure">
          <NoticeTitle>Risk disclosure</NoticeTitle>
          {TREASURY_PAPER_NOTE} Carry is included, and the position loses value when the spread moves against it. The
          expected return is a model's estimate ({backtestText(o.model.backtest)}), not a promise. Risk level{" "}
          {o.riskLevel}: {o.riskRule}
        </Notice>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={stake.isPending || !gate.allowed}
            aria-describedby={gate.note ? "stake-access" : undefined}
            data-testid="create-position-button"
          >
            {stake.isPending ? "Creating Position…" : "Create Position"}
          </Button>
          <Button variant="text" onClick={onCancel} disabled={stake.isPending}>
            Cancel
          </Button>
        </Stack>
        <AccessNote gate={gate} id="stake-access" />
      </Stack>
    </Paper>
  );
}
