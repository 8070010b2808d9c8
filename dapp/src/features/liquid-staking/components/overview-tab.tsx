import { Notice } from "../../../components/notice";
import Box from "@mui/material/Box";
import { Pill } from "../../../components/pill";
import { Columns } from "../../../components/columns";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { formatNumber } from "../../../lib/format";
import { usePerformance } from "../api/get-performance";
import { useStrategies } from "../api/get-strategies";
import { useLiquidTokens } from "../api/get-tokens";
import { ethText, percentText, StatCard } from "./figures";

/** The spec's headline claims: product copy, labelled as such, never shown as a reading. */
const ProductClaim = ({ text }: { text: string }) => (
  <Box
    component="span"
    data-testid="product-claim"
    sx={{ display: "inline-flex", gap: 0.5, alignItems: "center", flexWrap: "wrap" }}
  >
    <Pill size="small" variant="outlined" label="Product claim, not a reading" /> {text}
  </Box>
);

const STEPS = [
  {
    title: "Stake ETH for liquid tokens",
    body: "ETH goes into a staking pool (vibeETH, qETH or xqbETH); you get its liquid token, which accrues the pool's yield.",
  },
  {
    title: "Use them as collateral",
    body: "The tokens are posted in the lending pool; its LTV limits how much WETH can be borrowed against them.",
  },
  {
    title: "Stake more",
    body: "The borrowed ETH is staked again. The router does it in one transaction with a flash borrow, up to the ratio you pick.",
  },
  {
    title: "Earn leveraged yield",
    body: "You earn the staking yield on the whole position and pay the borrow rate on the debt; the health factor must stay above 1.",
  },
];

/** Four headline cards (readings, with the claims beside them as copy), the explainer, platform performance. */
export function OverviewTab() {
  const tokens = useLiquidTokens();
  const strategies = useStrategies();
  const performance = usePerformance();
  const best = strategies.data?.strategies.reduce((a, s) => (s.leveragedAPY > a ? s.leveragedAPY : a), -Infinity);
  const maxLeverage = tokens.data?.tokens.reduce((a, t) => Math.max(a, t.leverageMultiplier), 0);
  const tradeable = tokens.data?.tokens.filter((t) => t.tradeable).length;
  const baseRange = strategies.data?.strategies.map((s) => s.baseAPY);
  return (
    <Stack spacing={3}>
      <Columns columns={{ xs: 1, sm: 2, md: 4 }} testId="headline-cards">
        <div>
          <StatCard
            testId="headline-best-apy"
            title="Best leveraged APY now (2x)"
            value={best !== undefined && Number.isFinite(best) ? percentText(best) : "…"}
            note={<ProductClaim text="up to 45% leverage yield" />}
          />
        </div>
        <div>
          <StatCard
            testId="headline-max-leverage"
            title="Max leverage the pool's LTV allows"
            value={maxLeverage ? `${formatNumber(maxLeverage, 2)}x` : "…"}
            note={<ProductClaim text="up to 5x leverage" />}
          />
        </div>
        <div>
          <StatCard
            testId="headline-base-apy"
            title="Staking APY (base, by pool)"
            value={baseRange ? baseRange.map((b) => percentText(b)).join(" / ") : "…"}
            note={<ProductClaim text="4.2%, 3.8% and 5.1% APY for the three styles" />}
          />
        </div>
        <div>
          <StatCard
            testId="headline-tokens"
            title="Liquid tokens tradeable"
            value={tokens.data ? `${tradeable} of ${tokens.data.tokens.length}` : "…"}
            note="Pools not paused, read from the chain"
          />
        </div>
      </Columns>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          How leveraged liquid staking works
        </Typography>
        <Columns columns={{ xs: 1, sm: 2, md: 4 }} component="ol" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {STEPS.map((s, i) => (
            <li key={s.title} data-testid="explainer-step">
              <Typography variant="subtitle2" component="h3">
                {i + 1}. {s.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {s.body}
              </Typography>
            </li>
          ))}
        </Columns>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h6" component="h2">
            Platform performance
          </Typography>
          {performance.data ? <SourceBadge source={performance.data.source} reason={performance.data.reason} /> : null}
          {performance.data ? (
            <Typography variant="caption" color="text.secondary">
              block {performance.data.asOfBlock}
            </Typography>
          ) : null}
        </Stack>
        <QueryState query={performance} what="platform performance" height={120} testId="performance">
          {(p) => (
            <Columns columns={{ xs: 1, sm: 2, md: 4 }}>
              <div>
                <StatCard
                  testId="perf-tvl"
                  title="Total value locked"
                  value={ethText(p.totalValueLocked)}
                  note={`Lending pool cash ${ethText(p.lendingLiquidityEth)} + collateral ${ethText(p.collateralValueEth)}`}
                />
              </div>
              <div>
                <StatCard
                  testId="perf-apy"
                  title="Average APY"
                  value={percentText(p.averageAPY)}
                  note={
                    p.averageAPYBasis === "active-positions"
                      ? "Equity-weighted over active positions"
                      : "No active positions: the strategies' mean at 2x"
                  }
                />
              </div>
              <div>
                <StatCard
                  testId="perf-positions"
                  title="Active positions"
                  value={p.leveragePositions ?? "—"}
                  note={p.activePositionsReason ?? "From the event index"}
                />
              </div>
              <div>
                <StatCard
                  testId="perf-utilization"
                  title="Platform utilization"
                  value={percentText(p.platformUtilization)}
                  note={`Borrow APY ${percentText(p.borrowAPY)}`}
                />
              </div>
            </Columns>
          )}
        </QueryState>
        {tokens.isError && strategies.isError ? (
          <Notice severity="warning">
            The chain could not be read: the cards above stay empty rather than show made-up figures.
          </Notice>
        ) : null}
      </Paper>
    </Stack>
  );
}
