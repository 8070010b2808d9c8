import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useConnection } from "wagmi";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import { notify } from "../../../components/toast";
import { TransactionFlowDialog } from "../../../components/transaction-flow";
import { TxHash } from "../../../components/tx-hash";
import { formatNumber, shortenHex, truncateDecimals } from "../../../lib/format";
import { timeText } from "../../../lib/time";
import type { LeveragePosition } from "../api/contract";
import { usePositions } from "../api/get-positions";
import { useServerAccount } from "../api/get-server-account";
import { useLeverageWrites } from "../hooks/use-leverage-writes";
import { ethText, Figure, percentText, usdText } from "./figures";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";

function PositionCard({
  position,
  canClose,
  onClose,
}: {
  position: LeveragePosition;
  canClose: boolean;
  onClose: (p: LeveragePosition) => void;
}) {
  const p = position;
  const e = p.earnings;
  return (
    <Card
      variant="outlined"
      data-testid="position-card"
      data-status={p.status}
      data-token={p.collateralToken}
      sx={{ height: "100%", display: "flex", flexDirection: "column" }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "flex-start", gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3">
            {formatNumber(p.leverageRatio, 2)}x {p.collateralToken}
          </Typography>
          {/* The spec: "active" with the default badge, any other status secondary. */}
          <Pill
            size="small"
            label={p.status}
            color={p.status === "active" ? "primary" : "default"}
            variant={p.status === "active" ? "filled" : "outlined"}
            data-testid="position-status"
          />
        </Stack>
        <Figure
          label="Collateral"
          value={`${truncateDecimals(p.collateralAmount, 6)} ${p.collateralToken} (${ethText(p.collateralValueEth, 6)})`}
          testId="position-collateral"
        />
        <Figure
          label={p.status === "active" ? "Borrowed (owed now)" : "Borrowed (repaid)"}
          value={ethText(p.borrowedAmount, 6)}
          testId="position-borrowed"
        />
        <Figure label="Your ETH in" value={ethText(p.ethIn, 6)} />
        {p.ethOut !== null ? <Figure label="ETH back" value={ethText(p.ethOut, 6)} /> : null}
        {p.healthFactor !== null ? <Figure label="Health factor" value={formatNumber(p.healthFactor, 4)} /> : null}
        <Figure
          label="Liquidation price"
          value={
            p.liquidationPrice !== null
              ? `${usdText(p.liquidationPrice)} per ${p.collateralToken} (${formatNumber(p.liquidationPriceEth ?? 0, 6)} ETH)`
              : "—"
          }
          testId="position-liquidation-price"
        />
        <Figure
          label={e.basis === "current-rates" ? "Total APY (rates now)" : "Total APY (realised)"}
          value={percentText(e.totalAPY)}
          testId="position-total-apy"
        />
        <Figure label="Staking yield" value={percentText(e.stakingYield)} />
        <Figure label="Leverage gains" value={percentText(e.leverageGains)} />
        {e.realisedReturnPercent !== null ? (
          <Figure label="Realised return" value={percentText(e.realisedReturnPercent)} />
        ) : null}
        <Figure label="Opened" value={timeText(p.openedAt, "chain")} />
        <TxHash value={p.openTransactionHash} label="Open tx" testId="position-open-tx" />
        {p.closedAt ? <Figure label="Closed" value={timeText(p.closedAt, "chain")} /> : null}
        {p.closeTransactionHash ? (
          <TxHash value={p.closeTransactionHash} label="Close tx" testId="position-close-tx" />
        ) : null}
        {p.status === "active" && p.close?.error ? (
          <Notice severity="warning" sx={{ mt: 1 }} data-testid="position-close-error">
            Closing would fail now: {p.close.error}
          </Notice>
        ) : null}
      </CardContent>
      {p.status === "active" && canClose ? (
        <CardActions>
          <Button
            variant="outlined"
            color="warning"
            onClick={() => onClose(p)}
            disabled={!p.close || p.close.error !== null}
            data-testid="close-position"
          >
            Close position
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

/** The connected wallet's positions; without one, the server account's (the spec's demo user), said on screen. */
export function PositionsTab({ onCreate }: { onCreate: () => void }) {
  const { address } = useConnection();
  const server = useServerAccount(!address);
  const userId = address ?? server.data ?? undefined;
  const positions = usePositions(userId);
  const writes = useLeverageWrites();
  const close = (p: LeveragePosition) =>
    writes.close(
      p,
      [
        { label: "Position", value: `${p.leverageRatio}x ${p.collateralToken}` },
        { label: "Debt repaid", value: ethText(p.borrowedAmount, 6) },
        {
          label: "ETH back (dry run now)",
          value: p.close?.ethOut ? ethText(p.close.ethOut, 6) : "unknown",
          testId: "preview-eth-back",
        },
        {
          label: "Gas estimate",
          value: p.close?.gas ? `${Number(p.close.gas).toLocaleString("en-US")} gas` : "unknown",
        },
      ],
      () =>
        notify({
          variant: "success",
          title: "Leverage Position Closed",
          description: `${p.leverageRatio}x ${p.collateralToken} position closed`,
        }),
    );
  return (
    <Stack spacing={2}>
      <Notice
        severity="info"
        variant="outlined"
        data-testid="positions-owner"
        data-owner={address ? "wallet" : "server"}
      >
        {address ? (
          <>
            Positions of your wallet <strong title={address}>{shortenHex(address)}</strong>.
          </>
        ) : (
          <>
            No wallet connected: showing the positions of the API's server account
            {server.data ? (
              <>
                {" "}
                <strong title={server.data}>{shortenHex(server.data)}</strong>
              </>
            ) : null}{" "}
            (the spec's demo user). Connect a wallet to see and manage your own.
          </>
        )}
      </Notice>
      {!userId && server.isSuccess ? (
        <Notice severity="warning">The API names no server account: connect a wallet to see positions.</Notice>
      ) : null}
      {userId ? (
        <QueryState
          query={positions}
          what="your positions"
          height={200}
          testId="positions"
          isEmpty={(d) => d.positions.length === 0}
          empty={{
            message: "No leverage positions yet.",
            action: (
              <Button variant="contained" onClick={onCreate} data-testid="create-position-button">
                Create Position
              </Button>
            ),
          }}
        >
          {(d) => (
            <Stack spacing={1}>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
                <SourceBadge source={d.source} reason={d.reason} />
                <Typography variant="caption" color="text.secondary">
                  From the event index up to block {d.indexedToBlock}; active figures read at that block
                </Typography>
              </Stack>
              <Grid container spacing={2}>
                {d.positions.map((p) => (
                  <Grid key={p.id} size={{ xs: 12, md: 6 }}>
                    <PositionCard
                      position={p}
                      canClose={Boolean(address) && address!.toLowerCase() === d.userId.toLowerCase()}
                      onClose={close}
                    />
                  </Grid>
                ))}
              </Grid>
            </Stack>
          )}
        </QueryState>
      ) : null}
      <TransactionFlowDialog flow={writes.flow} />
    </Stack>
  );
}
