import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Typography from "@mui/material/Typography";
import type { TreasuryOpportunity } from "../api/contract";
import { NOT_TAKEN_LABEL } from "../constants";
import {
  bpsText,
  bpsValueText,
  numberText,
  percentText,
  signedPercentText,
  strategyName,
  usdText,
  yieldText,
} from "../utils/format";
import { Figure } from "./figure";
import { RiskLevel } from "./risk-level";

/** The model's backtest beside its expected return: "backtest: 58% of 12 trades won, mean +0.21%". */
export const backtestText = (b: TreasuryOpportunity["model"]["backtest"]) =>
  b.trades === 0
    ? "backtest: no trades on the history"
    : `backtest: ${percentText(b.hitRate, 0)} of ${b.trades} trades won, mean ${signedPercentText(b.meanReturn)}`;

/**
 * One computed trade: the pair and its legs, the spread now (bps) and its z-score against the trailing
 * year, the DV01-neutral notional ratio, carry plus roll-down, the model's expected return with its
 * backtest beside it, the risk level and the capital the legs need. Its "Select to stake" button selects it.
 * The card is named by its heading (the trade's name) and the button by its words and that name, so a screen
 * reader says "Select to stake, 2s10s Steepener", not the card's whole text.
 */
export function OpportunityCard({
  o,
  selected,
  onSelect,
}: {
  o: TreasuryOpportunity;
  selected: boolean;
  onSelect: (id: string) => void;
}) {
  const headingId = `opportunity-${o.id}-name`;
  const buttonId = `opportunity-${o.id}-select`;
  return (
    <Card
      variant="outlined"
      component="article"
      aria-labelledby={headingId}
      data-testid="opportunity-card"
      data-opportunity={o.id}
      data-selected={selected}
      sx={{
        height: "100%",
        display: "flex",
        flexDirection: "column",
        borderColor: selected ? "primary.main" : undefined,
        borderWidth: selected ? 2 : 1,
        m: selected ? 0 : "1px",
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 1, mb: 0.5 }}>
          <Typography id={headingId} variant="h6" component="h2" sx={{ overflowWrap: "anywhere", lineHeight: 1.3 }}>
            {strategyName(o.strategy)}
          </Typography>
          <RiskLevel level={o.riskLevel} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {o.description}
        </Typography>
        {o.ruleVerdict.taken ? null : (
          <Typography variant="body2" sx={{ mb: 1 }} data-testid="opportunity-not-taken">
            <strong>{NOT_TAKEN_LABEL}:</strong> {o.ruleVerdict.reasons.join("; ")}
          </Typography>
        )}
        <Figure label={`Long ${o.longBond.maturity}`} value={yieldText(o.longBond.currentYield)} />
        <Figure label={`Short ${o.shortBond.maturity}`} value={yieldText(o.shortBond.currentYield)} />
        <Figure
          label={`Spread now (${o.spreadDefinition})`}
          value={bpsText(o.currentSpread)}
          testId="opportunity-spread"
        />
        <Figure label="z-score (trailing year)" value={numberText(o.zScore, 2)} testId="opportunity-z" />
        <Figure
          label="Notional ratio (DV01-neutral)"
          value={<span title={o.notionalRatioText}>{numberText(o.notionalRatio, 4)} : 1</span>}
          testId="opportunity-ratio"
        />
        <Figure
          label={`Carry + roll (${o.timeHorizon})`}
          value={bpsValueText(o.carryRollDownBps, 1, true)}
          testId="opportunity-carry"
        />
        <Figure
          label="Expected return"
          value={signedPercentText(o.expectedReturn)}
          note={backtestText(o.model.backtest)}
          testId="opportunity-expected"
        />
        <Figure label="Capital required" value={usdText(o.capitalRequired, 0)} testId="opportunity-capital" />
        <Figure label="Time horizon" value={o.timeHorizon} />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
        <Button
          id={buttonId}
          variant={selected ? "contained" : "outlined"}
          fullWidth
          onClick={() => onSelect(o.id)}
          aria-pressed={selected}
          aria-labelledby={`${buttonId} ${headingId}`}
          data-testid="select-opportunity"
        >
          {selected ? "Selected: the form is below" : "Select to stake"}
        </Button>
      </CardActions>
    </Card>
  );
}
