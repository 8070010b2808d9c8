import { useState } from "react";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useStake } from "../api/stake";
import type { TreasuryOpportunity } from "../../../types/api";
import { bpsText, percentText, strategyName, usdText } from "../utils/format";
import { backtestText } from "./opportunity-card";
import { toastInsufficientAmount, toastInvalidInput, toastStakeCreated, toastStakeFailed } from "../utils/toasts";

/** What the page checks before it asks the API (spec part 2 §5); the API checks the same again. */
export function checkStake(opportunity: TreasuryOpportunity | null, amountText: string): { ok: true; amount: number } | { ok: false; reason: "invalid" | "insufficient" } {
  const text = amountText.trim();
  if (!opportunity || text === "") return { ok: false, reason: "invalid" };
  const amount = Number(text);
  if (!Number.isFinite(amount)) return { ok: false, reason: "invalid" };
  if (amount < opportunity.capitalRequired) return { ok: false, reason: "insufficient" };
  return { ok: true, amount };
}

/**
 * Create Staking Position for the selected opportunity: the amount (at least the capital the DV01-neutral
 * legs need) and the risk disclosure. The API opens a paper position at today's curve; on success the
 * selection and the amount are cleared and the positions are read again.
 */
export function StakeForm({ opportunity, onCancel, onCreated }: { opportunity: TreasuryOpportunity; onCancel: () => void; onCreated: () => void }) {
  const [amount, setAmount] = useState("");
  const stake = useStake();
  const submit = () => {
    const checked = checkStake(opportunity, amount);
    if (!checked.ok) return checked.reason === "invalid" ? toastInvalidInput() : toastInsufficientAmount(opportunity.capitalRequired);
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
        <Typography variant="h6" component="h3">
          Create Staking Position: {strategyName(o.strategy)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Long {o.longBond.maturity}, short {o.shortBond.maturity} at a notional ratio of {o.notionalRatioText} (DV01-neutral); spread now {bpsText(o.currentSpread)}. Expected
          return {percentText(o.expectedReturn)} over {o.timeHorizon}.
        </Typography>
        <TextField
          id="stake-amount"
          label="Amount (USD)"
          type="number"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder={String(o.capitalRequired)}
          helperText={`Minimum investment: ${usdText(o.capitalRequired, 0)} (the capital the two legs need)`}
          slotProps={{
            htmlInput: { min: o.capitalRequired, step: 1000, inputMode: "decimal", "data-testid": "stake-amount-input" },
            input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
          }}
          fullWidth
        />
        <Alert severity="warning" variant="outlined" data-testid="risk-disclosure">
          <AlertTitle>Risk disclosure</AlertTitle>
          This is a paper position on official data: no funds move and nothing is sent to a chain. It is marked to market on each new curve day
          from the Treasury's published par yields, carry included, and it loses value when the spread moves against it. The expected return is a
          model's estimate ({backtestText(o.model.backtest)}), not a promise. Risk level{" "}
          {o.riskLevel}: {o.riskRule}
        </Alert>
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button type="submit" variant="contained" size="large" disabled={stake.isPending} data-testid="create-position-button">
            {stake.isPending ? "Creating Position…" : "Create Position"}
          </Button>
          <Button variant="text" onClick={onCancel} disabled={stake.isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
