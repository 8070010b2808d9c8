import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import { Columns } from "../../../components/columns";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { AddressView } from "../../../components/address-view";
import { QueryState } from "../../../components/page-shell";
import { SourceBadge } from "../../../components/source-badge";
import type { StakingPoolName, StakingProtocol } from "../api/contract";
import { useProtocols } from "../api/get-protocols";
import { apyHow, apyText, ethText } from "../utils/format";
import { durationInWords } from "../../../lib/time";
import { Pill } from "../../../components/pill";

const riskColor = { low: "success", medium: "warning", high: "error" } as const;

const Row = ({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) => (
  <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "baseline", minWidth: 0 }}>
    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
      {label}
    </Typography>
    <Typography
      variant="body2"
      component="div"
      data-testid={testId}
      sx={{ textAlign: "right", minWidth: 0, overflowWrap: "anywhere" }}
    >
      {children}
    </Typography>
  </Stack>
);

function ProtocolCard({ p, onTest }: { p: StakingProtocol; onTest: (token: StakingPoolName) => void }) {
  const active = p.status === "active";
  return (
    <Card
      variant="outlined"
      data-testid={`protocol-${p.token}`}
      sx={{ height: "100%", display: "flex", flexDirection: "column" }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ justifyContent: "space-between", alignItems: "flex-start" }}>
            <Typography variant="h6" component="h3" sx={{ overflowWrap: "anywhere" }}>
              {p.name}
            </Typography>
            <Pill size="small" label={p.status} color={active ? "success" : "default"} data-testid="protocol-status" />
          </Stack>
          <Row label="Token">{p.token}</Row>
          <Row label="Risk level" testId="protocol-risk">
            <Pill
              size="small"
              variant="outlined"
              label={p.riskLevel}
              color={riskColor[p.riskLevel]}
              title={p.riskReason}
            />
          </Row>
          <Typography variant="caption" color="text.secondary">
            {p.riskReason}
          </Typography>
          <Row label="Real APY" testId="protocol-apy">
            {apyText(p.currentAPY)}
          </Row>
          <Typography variant="caption" color="text.secondary" data-testid="protocol-apy-how">
            From {apyHow(p)}
          </Typography>
          <Row label="Minimum" testId="protocol-min">
            {p.minAmount} ETH
          </Row>
          <Row label="Total staked">{ethText(p.totalStaked, 4)}</Row>
          <Row label="Withdrawal delay">{durationInWords(p.withdrawalDelaySeconds)}</Row>
          <Row label="Holders">{p.holders ?? "unknown"}</Row>
          <Row label="Contract">
            <AddressView address={p.contractAddress} />
          </Row>
          {p.features.length ? (
            <Stack component="ul" spacing={0.25} sx={{ pl: 2.5, m: 0 }} data-testid="protocol-features">
              {p.features.map((f) => (
                <Typography component="li" variant="body2" key={f}>
                  {f}
                </Typography>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </CardContent>
      <CardActions>
        <Button
          variant="contained"
          fullWidth
          disabled={!active}
          onClick={() => onTest(p.token)}
          data-testid={`test-stake-${p.token}`}
        >
          Test Stake
        </Button>
      </CardActions>
    </Card>
  );
}

/** Real Protocols: a card per pool; Test Stake selects it and opens Create Test (only for an active pool). */
export function ProtocolsTab({
  wallet,
  onTest,
}: {
  wallet: string | undefined;
  onTest: (token: StakingPoolName) => void;
}) {
  const protocols = useProtocols(wallet);
  return (
    <QueryState
      query={protocols}
      what="the staking protocols"
      height={420}
      testId="protocols"
      isEmpty={(d) => d.protocols.length === 0}
      empty={{ message: "No staking pool is deployed on this chain." }}
    >
      {(data) => (
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
            <SourceBadge source={data.source} reason={data.reason} />
            <Typography variant="caption" color="text.secondary">
              {data.network} · read at block {data.asOfBlock}
            </Typography>
          </Stack>
          <Columns columns={{ xs: 1, md: 3 }}>
            {data.protocols.map((p) => (
              <div key={p.token}>
                <ProtocolCard p={p} onTest={onTest} />
              </div>
            ))}
          </Columns>
          <Typography variant="caption" color="text.secondary" data-testid="apy-rule">
            APY: {data.apyRule}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="risk-rule">
            Risk: {data.riskRule}
          </Typography>
        </Stack>
      )}
    </QueryState>
  );
}
