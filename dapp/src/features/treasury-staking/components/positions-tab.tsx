import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import { Pill } from "../../../components/pill";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { notify } from "../../../components/toast";
import { describeError } from "../../../lib/api-client";
import { usePositions } from "../api/get-positions";
import { useClosePosition } from "../api/stake";
import type { TreasuryPosition as Position, TreasuryPositionsResponse as PositionsResponse } from "../api/contract";
import { useTreasuryUser } from "../api/use-treasury-user";
import {
  bpsText,
  bpsValueText,
  curveDayText,
  signedPercentText,
  signedUsdText,
  strategyName,
  usdText,
  yieldText,
} from "../utils/format";
import { CardGrid, Figure } from "./figure";
import { AccessNote } from "../../../components/session/access-note";
import { useTradeGate } from "./trade-gate";

const pnlColor = (n: number) => (n > 0 ? "success.dark" : n < 0 ? "error.dark" : undefined);

function SummaryCard({ summary }: { summary: PositionsResponse["summary"] }) {
  return (
    <Card variant="outlined" data-testid="positions-summary">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Summary
        </Typography>
        <Box
          sx={{
            display: "grid",
            gap: 1,
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" },
          }}
        >
          {[
            { label: "Positions", value: String(summary.totalPositions), testId: "summary-count" },
            { label: "Total value", value: usdText(summary.totalValue), testId: "summary-value" },
            {
              label: "Total P&L",
              value: signedUsdText(summary.totalPnL),
              testId: "summary-pnl",
              color: pnlColor(summary.totalPnL),
            },
            { label: "Average return", value: signedPercentText(summary.averageReturn), testId: "summary-return" },
          ].map((f) => (
            <Box key={f.label}>
              <Typography variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography
                variant="h6"
                component="p"
                data-testid={f.testId}
                sx={{ overflowWrap: "anywhere", color: f.color }}
              >
                {f.value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

function PositionCard({
  p,
  onClose,
  closing,
}: {
  p: Position;
  onClose: ((id: string) => void) | null;
  closing: boolean;
}) {
  const active = p.status === "ACTIVE";
  return (
    <Card
      variant="outlined"
      data-testid="position-card"
      data-position={p.id}
      data-status={p.status}
      data-strategy={p.strategy}
      sx={{ height: "100%", display: "flex", flexDirection: "column" }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: "anywhere", lineHeight: 1.3 }}>
            {strategyName(p.strategy)}
          </Typography>
          {/* The spec: ACTIVE green, any other status grey. */}
          <Pill
            size="small"
            label={p.status}
            color={active ? "success" : "default"}
            variant={active ? "filled" : "outlined"}
            data-testid="position-status"
          />
        </Box>
        <Figure label="Days held" value={String(p.daysHeld)} testId="position-days" />
        <Figure label={`Long ${p.longBond.maturity}`} value={yieldText(p.longBond.currentYield)} />
        <Figure label={`Short ${p.shortBond.maturity}`} value={yieldText(p.shortBond.currentYield)} />
        <Figure
          label="Spread now (at entry)"
          value={`${bpsText(p.currentSpread)} (${bpsValueText(p.entrySpreadBps)})`}
          testId="position-spread"
        />
        <Figure label="Amount" value={usdText(p.amount)} testId="position-amount" />
        <Figure label="Current value" value={usdText(p.currentValue)} testId="position-value" />
        <Figure
          label={p.realizedPnL !== null ? "Realized P&L" : "Unrealized P&L"}
          value={
            <Box component="span" sx={{ color: pnlColor(p.realizedPnL ?? p.unrealizedPnL) }}>
              {signedUsdText(p.realizedPnL ?? p.unrealizedPnL)}
            </Box>
          }
          note={`price ${signedUsdText(p.pnlBreakdown.price)}, carry ${signedUsdText(p.pnlBreakdown.carry)}`}
          testId="position-pnl"
        />
        <Figure label="Total return" value={signedPercentText(p.performance.totalReturn, 3)} testId="position-return" />
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mt: 1 }}
          data-testid="position-paper-note"
        >
          {p.note} Opened {curveDayText(p.openedOn)}
          {p.closedOn ? `, closed ${curveDayText(p.closedOn)}` : ""}.
        </Typography>
      </CardContent>
      {active && onClose ? (
        <CardActions>
          <Button
            variant="outlined"
            color="warning"
            onClick={() => onClose(p.id)}
            disabled={closing}
            data-testid="close-position"
          >
            {closing ? "Closing…" : "Close"}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

/** My Positions: the signed-in wallet's own paper positions with Close, or the demo user's read-only showcase book. */
export function PositionsTab({ onBrowse }: { onBrowse: () => void }) {
  const user = useTreasuryUser();
  const gate = useTradeGate();
  // The showcase is never traded from the page (the API refuses it too): no Close on its cards.
  const canClose = user.who === "wallet" && gate.allowed;
  const positions = usePositions(user.userId);
  const close = useClosePosition();
  const onClose = (id: string) =>
    close.mutate(id, {
      onSuccess: () =>
        notify({
          variant: "success",
          title: "Position Closed",
          description: "The paper position was closed at the current curve day's marks.",
        }),
      onError: (error) => notify({ variant: "error", title: "Close Failed", description: describeError(error) }),
    });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" data-testid="positions-owner" data-owner={user.who}>
        {user.who === "wallet"
          ? `Positions of your signed-in wallet ${user.userId}.`
          : "Nobody is signed in: this is the demo user's showcase book, read-only. Your own positions open and close under your signed-in wallet."}
      </Typography>
      {user.who === "demo" && !user.pending ? <AccessNote gate={gate} /> : null}
      <QueryState
        query={positions.isPending && !user.userId ? { ...positions, isPending: true } : positions}
        what="your positions"
        height={240}
        testId="positions"
        isEmpty={(d) => d.positions.length === 0}
        empty={{
          message: "No staking positions yet. Pick an opportunity and create one.",
          action: (
            <Button variant="contained" onClick={onBrowse} data-testid="browse-opportunities">
              See the opportunities
            </Button>
          ),
        }}
      >
        {(data) => (
          <Stack spacing={2}>
            <SummaryCard summary={data.summary} />
            <CardGrid testId="position-list">
              {data.positions.map((p) => (
                <PositionCard
                  key={p.id}
                  p={p}
                  onClose={canClose ? onClose : null}
                  closing={close.isPending && close.variables === p.id}
                />
              ))}
            </CardGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
