import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { formatNumber } from "../../../lib/format";
import { useLiquidTokens } from "../api/get-tokens";
import { ethText, Figure, percentText } from "./figures";
import { Pill } from "../../../components/pill";

/** The spec's "analogues": which well-known LST each local pool plays. */
const ANALOGUE: Record<string, string> = { vibeETH: "rETH", qETH: "stETH", xqbETH: "frxETH" };

export function TokensTab() {
  const tokens = useLiquidTokens();
  return (
    <QueryState
      query={tokens}
      what="the liquid tokens"
      height={240}
      testId="tokens"
      isEmpty={(d) => d.tokens.length === 0}
    >
      {(data) => (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <SourceBadge source={data.source} reason={data.reason} />
            <Typography variant="caption" color="text.secondary">
              Read at block {data.asOfBlock} on {data.network}
            </Typography>
          </Stack>
          <Grid container spacing={2}>
            {data.tokens.map((t) => (
              <Grid key={t.symbol} size={{ xs: 12, md: 4 }}>
                <Card variant="outlined" data-testid="token-card" data-symbol={t.symbol} sx={{ height: "100%" }}>
                  <CardContent>
                    <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: 1 }}>
                      <div>
                        <Typography variant="h6" component="h3">
                          {t.symbol}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {t.name}
                          {ANALOGUE[t.symbol] ? ` (an analogue of ${ANALOGUE[t.symbol]})` : ""}
                        </Typography>
                      </div>
                      <Pill
                        size="small"
                        data-testid="token-status"
                        color={t.tradeable ? "success" : "default"}
                        label={t.tradeable ? "Tradeable" : "Locked"}
                      />
                    </Stack>
                    <Figure
                      label="Exchange rate"
                      value={`1 ${t.symbol} = ${formatNumber(t.exchangeRate, 6)} ETH`}
                      testId="token-rate"
                    />
                    <Figure label="Total supply" value={`${formatNumber(Number(t.totalSupply), 4)} ${t.symbol}`} />
                    <Figure label="Backing ETH" value={ethText(t.backingETH)} />
                    <Figure
                      label="Max leverage"
                      value={`${formatNumber(t.leverageMultiplier, 2)}x`}
                      testId="token-max-leverage"
                    />
                    <Figure
                      label="LTV / liquidation threshold"
                      value={`${percentText(t.ltvPercent, 0)} / ${percentText(t.liquidationThresholdPercent, 0)}`}
                    />
                    <Figure
                      label="Staking APY"
                      value={`${percentText(t.stakingAPY)} (${t.stakingAPYSource === "exchange-rate" ? "measured exchange rate" : "reward stream"})`}
                    />
                    <Figure label="Minimum stake" value={ethText(t.minDepositEth, 6)} />
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        </Stack>
      )}
    </QueryState>
  );
}
