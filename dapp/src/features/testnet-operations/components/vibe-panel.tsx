import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DataTable, type DataColumn } from "../../../components/data-table";
import { ActionButton } from "../../../components/form/action-button";
import { Notice } from "../../../components/notice";
import { useAccess, useGate } from "../../../components/session/use-access";
import { SourceBadge } from "../../../components/source-badge";
import { TxHash } from "../../../components/tx-hash";
import type { VibeAnalyticsResponse, VibeMintResponse } from "../api/contract";
import { VIBE_MINT } from "../constants";
import { latestOf } from "../utils/runs-store";
import { TEST_ACCESS } from "../utils/test-kinds";
import { ATTESTATION_WORDS } from "../utils/levels";
import { Fact, Facts } from "../../../components/facts";
import { useRunTest, useRuns } from "./runs-context";

type Pool = VibeAnalyticsResponse["analytics"]["pools"][number];

const poolColumns: DataColumn<Pool>[] = [
  { id: "pool", header: "Pool", primary: true, cell: (p) => `${p.name} (${p.token})` },
  { id: "staked", header: "Staked", align: "right", cell: (p) => `${p.totalStaked} ETH` },
  { id: "apy", header: "APY", align: "right", cell: (p) => `${p.apy} %` },
  { id: "status", header: "Status", cell: (p) => p.status },
];

/** ETH staked, the pools and their average APY with its rule; the CO2 offset only when measured. */
export function VibeAnalyticsView({ answer }: { answer: VibeAnalyticsResponse }) {
  const a = answer.analytics;
  const co2 = a.environmentalImpact;
  return (
    <Stack spacing={1.5} data-testid="vibe-analytics">
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <SourceBadge source={answer.source} reason={answer.reason} />
        <Typography variant="body2" color="text.secondary">
          {answer.network}, block {answer.asOfBlock}
          {answer.reason ? ` · ${answer.reason}` : ""}
        </Typography>
      </Box>
      <Facts>
        <Fact term="ETH staked" testId="vibe-total-staked">
          {a.totalETHStaked} ETH in {a.totalPools} pool{a.totalPools === 1 ? "" : "s"}
        </Fact>
        <Fact term="Average APY" testId="vibe-average-apy">
          {a.averageAPY === null ? "none: nothing is staked" : `${a.averageAPY} %`}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {a.averageRule}
          </Typography>
        </Fact>
        <Fact term="CO2 offset" testId="vibe-co2">
          {co2.co2Offset === null ? "not measured" : `${co2.co2Offset} t`}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {co2.reason}
          </Typography>
        </Fact>
      </Facts>
      {a.pools.length ? (
        <DataTable
          columns={poolColumns}
          rows={a.pools}
          rowKey={(p) => p.token}
          label="Staking pools"
          testId="vibe-pools"
        />
      ) : null}
    </Stack>
  );
}

/** A VIBE mint's answer: live or simulated with the reason, the hash (explorer only when given), the block. */
export function VibeMintView({ answer }: { answer: VibeMintResponse }) {
  return (
    <Stack spacing={1} data-testid="vibe-mint-result" data-source={answer.source}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="subtitle2" component="h4">
          {answer.amount} VIBE to{" "}
          <Box component="span" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
            {answer.recipient}
          </Box>
        </Typography>
        <SourceBadge source={answer.source} reason={answer.reason} />
      </Box>
      {answer.source === "simulated" ? (
        <Typography variant="body2">Simulated: signed and never submitted, because {answer.reason}.</Typography>
      ) : null}
      <Facts>
        <Fact term="Transaction hash">
          <TxHash value={answer.transactionHash} label="" explorerUrl={answer.explorerUrl} />
        </Fact>
        <Fact term="Network">{answer.network}</Fact>
        <Fact term="Block">{answer.blockNumber ?? "not in a block"}</Fact>
        <Fact term="Project">{answer.environmentalProject}</Fact>
        <Fact term="Attestation">
          {answer.quantumSecured ? `${answer.attestation.algorithm}: ${ATTESTATION_WORDS}` : "none"}
        </Fact>
        {answer.assumptions.length ? <Fact term="Assumptions">{answer.assumptions.join("; ")}</Fact> : null}
      </Facts>
    </Stack>
  );
}

/** VibeCoins: the staking analytics (a read) and the spec's test mint of 1,000 VIBE to the signed-in wallet. */
export function VibePanel() {
  const { entries, running } = useRuns();
  const run = useRunTest();
  const address = useAccess().data?.address ?? null;
  const gate = useGate(TEST_ACCESS.vibeMint);
  const analytics = latestOf(entries, "vibeAnalytics");
  const mint = latestOf(entries, "vibeMint");
  return (
    <Stack spacing={2}>
      <ActionButton
        label="Load VibeCoins Analytics"
        pendingLabel="Loading…"
        pending={running.has("vibeAnalytics")}
        busy={false}
        reason={null}
        testId="vibe-analytics-button"
        onClick={() => void run("vibeAnalytics", undefined)}
      />
      {analytics?.error ? <Notice severity="error">VibeCoins Analytics Failed: {analytics.error}</Notice> : null}
      {analytics?.answer ? <VibeAnalyticsView answer={analytics.answer} /> : null}
      <ActionButton
        label={`Mint ${VIBE_MINT.testAmount.toLocaleString("en-US")} VIBE to my wallet`}
        pendingLabel="Minting…"
        pending={running.has("vibeMint")}
        busy={false}
        reason={null}
        gate={gate}
        testId="vibe-mint-button"
        onClick={() => address && void run("vibeMint", { recipientAddress: address })}
      />
      <Typography variant="caption" color="text.secondary">
        A signed-in wallet mints to itself only, at most {VIBE_MINT.walletMax.toLocaleString("en-US")} VIBE once an
        hour; the server&apos;s minter signs it.
      </Typography>
      {mint?.error ? <Notice severity="error">VibeCoins Mint Failed: {mint.error}</Notice> : null}
      {mint?.answer ? <VibeMintView answer={mint.answer} /> : null}
    </Stack>
  );
}
