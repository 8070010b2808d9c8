import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useMutationState } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { AccessNote } from "../../../components/session/access-note";
import { RanBy } from "../../../components/session/ran-by";
import { strictest, useGate, type Gate } from "../../../components/session/use-access";
import { timeText } from "../../../lib/time";
import { useNetwork } from "../../../lib/network/get-network";
import { testnetContract, type TestnetStatusResponse, type TestRun, type TreasuryTestResponse } from "../api/contract";
import { useTestnetStatus } from "../api/get-status";
import { runKeys } from "../api/keys";
import { useMultisigTest, useTreasuryTest } from "../api/run-tests";
import { useRunBusy } from "../hooks/use-run-busy";
import { unitsToDecimal } from "../utils/step-numbers";
import { CardGrid } from "./card-grid";
import { StepTimeline } from "./step-timeline";
import { SafeOwners } from "./safe-owners";

/** A recorded run: passed or not, when, on which chain instance, and its steps. */
function RunView({
  run,
  title,
  testId,
  explorerBaseUrl,
}: {
  run: TestRun;
  title: string;
  testId: string;
  explorerBaseUrl: string | null;
}) {
  return (
    <Stack spacing={1} data-testid={testId} data-passed={run.passed} data-run-id={run.id}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Pill
          size="small"
          data-testid={`${testId}-verdict`}
          label={run.passed ? "Passed" : run.source === "skipped" ? "Skipped on this chain" : "Not passed"}
          color={run.passed ? "success" : "default"}
          variant={run.passed ? "filled" : "outlined"}
        />
        {run.onCurrentChain === false ? <Pill size="small" variant="outlined" label="Earlier chain instance" /> : null}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        Run #{run.id} · finished {timeText(run.finishedAt)} · chain {run.chainId}
      </Typography>
      <RanBy at={run.finishedAt} ranBy={run.ranBy} ranOn={run.ranOn} prefix="Finished" testId={`${testId}-ran-by`} />
      <StepTimeline steps={run.steps} testId={`${testId}-steps`} explorerBaseUrl={explorerBaseUrl} />
    </Stack>
  );
}

function RunCard({
  kind,
  title,
  what,
  setup,
  button,
  running,
  onRun,
  disabled,
  gate,
  children,
}: {
  kind: "multisig" | "treasury";
  title: string;
  what: string;
  setup: ReactNode;
  button: string;
  running: boolean;
  onRun: () => void;
  disabled: boolean;
  gate: Gate;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, height: "100%", minWidth: 0 }} data-testid={`${kind}-test`}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {what}
      </Typography>
      {setup}
      <Button
        variant="contained"
        onClick={onRun}
        disabled={disabled || !gate.allowed}
        aria-describedby={gate.note ? `${kind}-access` : undefined}
        data-testid={`run-${kind}`}
        sx={{ mt: 1.5, mb: gate.note ? 0.5 : 1.5 }}
      >
        {running ? "Running…" : button}
      </Button>
      <Box sx={{ mb: gate.note ? 1.5 : 0 }}>
        <AccessNote gate={gate} id={`${kind}-access`} />
      </Box>
      <Stack spacing={3}>{children}</Stack>
    </Paper>
  );
}

const NoRun = ({ testId }: { testId: string }) => (
  <Typography variant="body2" color="text.secondary" data-testid={testId}>
    No run on this chain instance yet.
  </Typography>
);

/** The vault as the last treasury test in this session left it, on the in-process chain it ran on (read by the API). */
function VaultAfter({ vault }: { vault: NonNullable<TreasuryTestResponse["vault"]> }) {
  const rows: [string, string][] = [
    ["ETH/USD (feed)", `$${unitsToDecimal(vault.ethUsdPrice, vault.feedDecimals, 2)}`],
    [
      "System collateral ratio",
      vault.systemCollateralRatioBps === "max" ? "no debt" : `${unitsToDecimal(vault.systemCollateralRatioBps, 2, 2)}%`,
    ],
    ["XQBUSD supply", unitsToDecimal(vault.xqbusdSupply, 18, 2)],
    ["Borrower (#7) debt", `${unitsToDecimal(vault.borrower.debt, 18, 4)} XQBUSD`],
    ["Liquidator (#8) debt", `${unitsToDecimal(vault.liquidator.debt, 18, 4)} XQBUSD`],
  ];
  return (
    <Box data-testid="vault-after">
      <Typography variant="subtitle2" component="h3">
        The in-process chain's vault after this session's run
      </Typography>
      <Box
        component="dl"
        sx={{ display: "grid", gridTemplateColumns: "max-content minmax(0, 1fr)", columnGap: 1.5, rowGap: 0.25, m: 0 }}
      >
        {rows.map(([k, v]) => (
          <Box key={k} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {k}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
              {v}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Runs({ status, explorerBaseUrl }: { status: TestnetStatusResponse; explorerBaseUrl: string | null }) {
  const multisig = useMultisigTest();
  const treasury = useTreasuryTest();
  const busy = useRunBusy();
  // The tests are operators' runs; every visitor reads their results below.
  const gate = useGate(strictest(testnetContract.testMultisig.access, testnetContract.testTreasury.access));
  const vaults = useMutationState({
    filters: { mutationKey: runKeys.treasury, status: "success" },
    select: (m) => (m.state.data as TreasuryTestResponse).vault,
  });
  const vault = vaults.at(-1) ?? null;
  const { multisig: msRun, emergency, treasury: trRun } = status.latestRuns;
  return (
    <CardGrid columns={2}>
      <Box sx={{ minWidth: 0 }}>
        <RunCard
          kind="multisig"
          title="Multi-sig and emergency functions"
          what="On a fresh in-process chain with this suite deployed (never the chain visitors use): the treasury Safe pauses a contract: with one signature the Safe refuses (GS020), with two it executes. A user call is refused while paused, then the Safe unpauses it."
          setup={<SafeOwners multiSig={status.multiSig} />}
          button="Run Multi-Sig Test"
          running={multisig.isPending}
          onRun={() => multisig.mutate()}
          disabled={busy}
          gate={gate}
        >
          {msRun ? (
            <RunView run={msRun} title="Multi-sig" testId="multisig-run" explorerBaseUrl={explorerBaseUrl} />
          ) : (
            <NoRun testId="multisig-no-run" />
          )}
          {emergency ? (
            <RunView run={emergency} title="Emergency pause" testId="emergency-run" explorerBaseUrl={explorerBaseUrl} />
          ) : null}
        </RunCard>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <RunCard
          kind="treasury"
          title="Treasury vault"
          what="On a fresh in-process chain with this suite deployed (the shared price feed and every real position are never touched): deposit, mint XQBUSD at exactly 150% collateral, a mint down to 149% refused, the mock price feed moved until the position is below 130%, liquidated by a third account, the price restored."
          setup={
            <Typography variant="body2" data-testid="treasury-setup">
              Dev account #7 borrows and dev account #8 liquidates on that in-process chain (beside the local chain
              only; elsewhere the steps are skipped and say why). The first step checks its contracts have this chain's
              bytecode.
            </Typography>
          }
          button="Run Treasury Test"
          running={treasury.isPending}
          onRun={() => treasury.mutate()}
          disabled={busy}
          gate={gate}
        >
          {trRun ? (
            <RunView run={trRun} title="Treasury" testId="treasury-run" explorerBaseUrl={explorerBaseUrl} />
          ) : (
            <NoRun testId="treasury-no-run" />
          )}
          {vault ? <VaultAfter vault={vault} /> : null}
        </RunCard>
      </Box>
    </CardGrid>
  );
}

/** The two test buttons; the latest run of each on this chain instance as a timeline (hashes, refusals, numbers). */
export function TestingTab() {
  const status = useTestnetStatus();
  const network = useNetwork();
  const explorerBaseUrl = network.data?.explorerBaseUrl ?? null;
  return (
    <Stack spacing={2}>
      {status.data && !status.data.chain.live ? (
        <Notice severity="warning" data-testid="chain-not-live">
          The chain is not live: {status.data.chain.reason ?? "no reason given"}. A run would not reach it.
        </Notice>
      ) : null}
      <QueryState query={status} what="the test runs" height={360} testId="runs">
        {(s) => <Runs status={s} explorerBaseUrl={explorerBaseUrl} />}
      </QueryState>
    </Stack>
  );
}
