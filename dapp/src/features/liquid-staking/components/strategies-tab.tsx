import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { formatNumber } from "../../../lib/format";
import { DEFAULT_LEVERAGE_RATIO, type StrategyId } from "../constants";
import { useStrategies } from "../api/get-strategies";
import { Figure, percentText } from "./figures";
import { RiskBadge } from "./risk-badge";

/** A card per strategy; Use This Strategy selects it and jumps to the Create Leverage tab. */
export function StrategiesTab({ onUse }: { onUse: (id: StrategyId) => void }) {
  const strategies = useStrategies();
  return (
    <QueryState
      query={strategies}
      what="the strategies"
      height={260}
      testId="strategies"
      isEmpty={(d) => d.strategies.length === 0}
    >
      {(data) => (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
            <SourceBadge source={data.source} reason={data.reason} />
            <Typography variant="caption" color="text.secondary">
              Computed from the chain at block {data.asOfBlock}; leveraged APY at {DEFAULT_LEVERAGE_RATIO}x with today's
              borrow rate
            </Typography>
          </Stack>
          <Grid container spacing={2}>
            {data.strategies.map((s) => (
              <Grid key={s.id} size={{ xs: 12, md: 4 }}>
                <Card
                  variant="outlined"
                  data-testid="strategy-card"
                  data-strategy={s.id}
                  sx={{ height: "100%", display: "flex", flexDirection: "column" }}
                >
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Stack
                      direction="row"
                      sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: 1, mb: 1 }}
                    >
                      <Typography variant="h6" component="h3" sx={{ overflowWrap: "anywhere" }}>
                        {s.name}
                      </Typography>
                      <RiskBadge level={s.riskLevel} />
                    </Stack>
                    <Figure label="Type" value={s.type} />
                    <Figure label="Base APY" value={percentText(s.baseAPY)} testId="strategy-base-apy" />
                    <Figure
                      label={`Leveraged APY (${formatNumber(s.recommendedLeverage)}x)`}
                      value={percentText(s.leveragedAPY)}
                      testId="strategy-leveraged-apy"
                    />
                    <Figure label="Borrow APY" value={percentText(s.borrowAPY)} />
                    <Figure label="Health factor at open" value={formatNumber(s.healthFactor, 3)} />
                    <Figure
                      label="Minimum required"
                      value={`${formatNumber(s.liquidityRequired, 6)} ETH`}
                      testId="strategy-min"
                    />
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {s.description}
                    </Typography>
                  </CardContent>
                  <CardActions>
                    <Button variant="contained" onClick={() => onUse(s.id)} data-testid="use-strategy">
                      Use This Strategy
                    </Button>
                  </CardActions>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}
    </QueryState>
  );
}
