import { useState } from "react";
import { Notice, NoticeTitle } from "../../../components/notice";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { AmountForm } from "../../../components/form";
import { useTradeGate } from "./trade-gate";
import { useStake } from "../api/stake";
import type { TreasuryOpportunity } from "../api/contract";
import { TREASURY_MESSAGES, TREASURY_PAPER_NOTE } from "../constants";
import { treasuryStakeFormSchema } from "../schemas";
import { bpsText, percentText, strategyName, usdText } from "../utils/format";
import { backtestText } from "./opportunity-card";
import { toastStakeCreated, toastStakeFailed } from "../utils/toasts";

/** The spec's "Invalid Input" message, said beside the button while the amount is empty. */
const EMPTY_REASON = `${TREASURY_MESSAGES.invalidInput.title} - ${TREASURY_MESSAGES.invalidInput.description}`;

/**
 * Create Staking Position for the selected opportunity: the amount (at least the capital the DV01-neutral
 * legs need, "," allowed as a thousands separator: spec part 2 §5) and the risk disclosure. The shared amount
 * form checks it as the user types with the API's own rule (`treasuryStakeFormSchema`), and the button waits
 * with the spec's message beside it ("Minimum investment required: $65,000") instead of a toast after the
 * click. The API opens a paper position at today's curve; on success the selection and the amount are
 * cleared and the positions are read again.
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
  const stake = useStake();
  const gate = useTradeGate();
  const o = opportunity;
  const submit = (usd: number) =>
    stake.mutate(
      { opportunityId: o.id, amount: usd },
      {
        onSuccess: () => {
          toastStakeCreated();
          setAmount("");
          onCreated();
        },
        onError: (error) => toastStakeFailed(error),
      },
    );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="stake-form" data-opportunity={o.id}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          Create Staking Position: {strategyName(o.strategy)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Long {o.longBond.maturity}, short {o.shortBond.maturity} at a notional ratio of {o.notionalRatioText}{" "}
          (DV01-neutral); spread now {bpsText(o.currentSpread)}. Expected return {percentText(o.expectedReturn)} over{" "}
          {o.timeHorizon}.
        </Typography>
        <AmountForm
          id="stake-amount"
          label="Amount (USD)"
          unit="USD"
          step={1}
          value={amount}
          onChange={setAmount}
          onSubmit={submit}
          schema={treasuryStakeFormSchema(o.capitalRequired).shape.amount}
          schemaInput="grouped-text"
          placeholder={o.capitalRequired.toLocaleString("en-US")}
          hint={
            <span data-testid="stake-amount-help">
              Minimum investment: {usdText(o.capitalRequired, 0)} (the gross face of the smallest DV01-neutral ticket)
            </span>
          }
          emptyReason={EMPTY_REASON}
          gate={gate}
          busy={stake.isPending}
          pending={stake.isPending}
          buttonLabel="Create Position"
          pendingLabel="Creating Position…"
          inputTestId="stake-amount-input"
          buttonTestId="create-position-button"
          beforeAction={
            <Notice severity="warning" variant="outlined" data-testid="risk-disclosure">
              <NoticeTitle>Risk disclosure</NoticeTitle>
              {TREASURY_PAPER_NOTE} Carry is included, and the position loses value when the spread moves against it.
              The expected return is a model's estimate ({backtestText(o.model.backtest)}), not a promise. Risk level{" "}
              {o.riskLevel}: {o.riskRule}
            </Notice>
          }
          secondaryAction={
            <Button variant="text" onClick={onCancel} disabled={stake.isPending}>
              Cancel
            </Button>
          }
        />
      </Stack>
    </Paper>
  );
}
