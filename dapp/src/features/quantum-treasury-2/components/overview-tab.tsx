import Box from "@mui/material/Box";
import { Columns } from "../../../components/columns";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { ReadingCard } from "../../../components/reading-card";
import { SourceBadge } from "../../../components/source-badge";
import { useMetrics } from "../api/get-metrics";
import { QT_PLAN, QT_USDC_ALLOCATION } from "../constants";
import type { QtMetricsResponse } from "../api/contract";
import { percent, tokenCompact, tokenFull, usdCompact, usdFull } from "../utils/format";
import { durationInWords, timeText } from "../../../lib/time";

// The Safe's addresses with copy buttons and name badges load just after the first paint (IconButton and
// the copy code are not in the page's first load); the box keeps its height meanwhile.
const SafeOwners = lazyPart(() => import("./safe-owners").then((m) => m.SafeOwners), {
  name: "The Safe's owners",
  fallback: <PartLoading minHeight={200} label="Loading the Safe's owners" />,
});

/**
 * Treasury Overview (the default tab): every figure of the spec's treasury summary as read from the chain,
 * the spec's own figure beside it as "Plan". The copy-only items of the summary (security level, nodes,
 * phase) are listed as the plan says them: nothing on chain measures them.
 */
export function OverviewTab() {
  const metrics = useMetrics();
  return (
    <QueryState query={metrics} what="the treasury readings" height={520} testId="qt-metrics">
      {(m) => <Readings m={m} />}
    </QueryState>
  );
}

function Readings({ m }: { m: QtMetricsResponse }) {
  const ratio = m.collateralizationRatio;
  return (
    <Stack spacing={2} data-testid="qt-overview">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Typography variant="h6" component="h2">
          Treasury readings
        </Typography>
        <SourceBadge source={m.source} reason={m.reason} />
        <Typography variant="body2" color="text.secondary" data-testid="qt-metrics-block">
          Read at block {m.blockNumber} ({timeText(m.blockTime, "chain")})
          {m.source === "simulated" && m.reason ? ` — ${m.reason}` : null}
        </Typography>
      </Stack>
      <Columns columns={{ xs: 1, sm: 2, md: 3 }}>
        <Cell>
          <ReadingCard
            testId="qt-capital"
            title="Treasury capital"
            reading={usdCompact(m.totalCapital)}
            plan={usdCompact(m.plan.totalCapitalUsd)}
            note="The vault's collateral (USDC and ETH) valued at the feed's price"
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-usdc"
            title="USDC reserves"
            reading={usdCompact(m.usdcReserves)}
            plan={usdCompact(QT_USDC_ALLOCATION[0].amountUsd)}
            note={`USDC held by the vault as collateral; ${tokenCompact(m.ethCollateral, "ETH")} of ETH beside it`}
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-xqb"
            title="XQB minted"
            reading={tokenCompact(m.xqbMinted, "XQB")}
            plan={tokenCompact(m.plan.xqbMinted, "XQB")}
            note="XQB total supply"
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-xqbusd"
            title="XQBUSD backed"
            reading={tokenCompact(m.xqbusdBacked, "XQBUSD")}
            plan={tokenCompact(m.plan.xqbusdCapacityUsd, "XQBUSD")}
            note="XQBUSD supply (the vault's total debt); plan: capital ÷ 1.5"
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-ratio"
            title="System collateral ratio"
            reading={ratio === null ? "No debt" : percent(ratio)}
            plan={percent(m.plan.collateralizationRatio)}
            note={
              ratio === null
                ? "No XQBUSD is minted, so there is no ratio yet"
                : `Collateral value ÷ XQBUSD supply; minting needs ${percent(m.minimumRatio)}`
            }
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-liquidation"
            title="Liquidation threshold"
            reading={percent(m.liquidationThreshold)}
            plan={percent(QT_PLAN.liquidationThreshold)}
            note="The vault's constant: a position under it can be liquidated"
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-eth-price"
            title="ETH/USD price"
            reading={m.ethUsdPrice ? usdFull(m.ethUsdPrice.price) : "Unavailable"}
            note={
              <span data-testid="qt-eth-price-age">
                {m.ethUsdPrice
                  ? `Feed round updated ${durationInWords(m.ethUsdPrice.ageSeconds)} ago (${timeText(m.ethUsdPrice.updatedAt, "chain")})`
                  : m.priceProblem}
              </span>
            }
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-safe"
            title="Treasury Safe owners"
            reading={`${m.safe.threshold} of ${m.safe.owners.length}`}
            note={`Signatures needed of the owners; Safe nonce ${m.safe.nonce}`}
          />
        </Cell>
        <Cell>
          <ReadingCard
            testId="qt-safe-position"
            title="The Safe's vault position"
            reading={m.safePosition.ratio === null ? "No debt" : percent(m.safePosition.ratio)}
            note={`${usdCompact(m.safePosition.collateralUsd)} collateral, ${tokenCompact(m.safePosition.debt, "XQBUSD")} debt; can still mint ${tokenFull(m.safePosition.maxMintable, "XQBUSD")} at ${percent(m.minimumRatio)}`}
          />
        </Cell>
      </Columns>
      <Columns columns={{ xs: 1, md: 2 }}>
        <div>
          <SafeOwners safe={m.safe} />
        </div>
        <div>
          <Paper variant="outlined" sx={{ p: 2, height: "100%" }} data-testid="qt-plan-copy">
            <Typography variant="subtitle1" component="h3" gutterBottom>
              The plan's other figures
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              Product copy from the plan, not readings: nothing on chain measures these.
            </Typography>
            <PlanLine label="Quantum security level" value={`${m.plan.quantumSecurityLevel}%`} />
            <PlanLine label="Personal blockchain nodes" value={String(m.plan.personalBlockchainNodes)} />
            <PlanLine label="Distribution phase" value={m.plan.distributionPhase} />
          </Paper>
        </div>
      </Columns>
    </Stack>
  );
}

const Cell = ({ children }: { children: React.ReactNode }) => <div>{children}</div>;

const PlanLine = ({ label, value }: { label: string; value: string }) => (
  <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, py: 0.25 }} data-testid="qt-plan-line">
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      Plan: {value}
    </Typography>
  </Box>
);
