import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { Notice } from "../../../components/notice";
import { PathIcon, PLAY_ARROW } from "../../../components/path-icon";
import { QueryState } from "../../../components/page-shell";
import { AccessNote } from "../../../components/session/access-note";
import { RanBy } from "../../../components/session/ran-by";
import { useGate } from "../../../components/session/use-access";
import { testnetContract, type TestnetStatusResponse } from "../api/contract";
import { useTestnetStatus } from "../api/get-status";
import { usePerfection } from "../api/run-tests";
import { useRunBusy } from "../hooks/use-run-busy";
import { FLAG_CARDS, flagWord, formatScore, franklinWord, type FlagName } from "../utils/readiness";
import { ReadinessScore } from "./readiness-score";
import { CardGrid } from "./card-grid";
import { StatCard } from "./stat-card";

// Below the fold: the list (with the hash, copy and explorer pieces its evidence uses) loads after the first paint.
const ChecksList = lazyPart(() => import("./checks-list").then((m) => m.ChecksList), {
  name: "The checks",
  fallback: <PartLoading minHeight={640} label="Loading the checks" />,
});

/** The reading behind a flag, where the status carries one (the spec's multi-sig set-up: 3 signers). */
function reading(flag: FlagName, s: TestnetStatusResponse): ReactNode {
  if (flag === "contractsDeployed") {
    const { expected, missing } = s.contracts;
    return `${expected - missing.length} of ${expected} contracts have code${missing.length ? `; missing: ${missing.join(", ")}` : ""}`;
  }
  if (flag === "multiSigTested" && s.multiSig)
    return `Safe ${s.multiSig.threshold}-of-${s.multiSig.owners.length}: ${s.multiSig.owners.length} signers`;
  if (flag === "treasuryArbitrageActive" && !s.treasuryArbitrageActive) {
    // the action that fills it: a paper position on the treasury-staking page
    return (
      <Link component={RouterLink} to={paths.treasuryStaking.path} data-testid="open-treasury-staking">
        Open a position on {paths.treasuryStaking.title}
      </Link>
    );
  }
  return null;
}

/** Quick actions, the readiness score, a status card per flag with the spec's words, and every check. */
export function OverviewTab({ onOpen }: { onOpen: (tab: "testing" | "report") => void }) {
  const status = useTestnetStatus();
  const perfect = usePerfection();
  const busy = useRunBusy();
  // Running the checks is an operator's action; the score and who ran the last runs are every visitor's.
  const gate = useGate(testnetContract.perfect.access);
  const last = status.data
    ? ([status.data.latestRuns.multisig, status.data.latestRuns.treasury]
        .filter((r) => r !== null)
        .sort((a, b) => b!.finishedAt.localeCompare(a!.finishedAt))[0] ?? null)
    : null;
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="quick-actions">
        <Typography variant="h6" component="h2" gutterBottom>
          Quick actions
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "center" } }}>
          <Button
            variant="contained"
            startIcon={<PathIcon d={PLAY_ARROW} />}
            disabled={busy || !gate.allowed}
            onClick={() => perfect.mutate()}
            aria-describedby={gate.note ? "perfection-access" : undefined}
            data-testid="run-perfection"
          >
            {perfect.isPending ? "Running every check…" : "Run all checks"}
          </Button>
          <Button variant="outlined" onClick={() => onOpen("testing")} data-testid="open-testing">
            Multi-sig and treasury tests
          </Button>
          <Button variant="outlined" onClick={() => onOpen("report")} data-testid="open-report">
            Franklin Report
          </Button>
        </Stack>
        <AccessNote gate={gate} id="perfection-access" />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Run all checks runs the multi-sig test and the treasury test on a fresh in-process chain with this suite
          deployed (never the chain visitors use), then reads every check again.
        </Typography>
        {last ? (
          <RanBy
            at={last.finishedAt}
            ranBy={last.ranBy}
            ranOn={last.ranOn}
            prefix="Last test run"
            testId="perfection-ran-by"
          />
        ) : null}
        {perfect.data ? (
          <Notice
            severity={perfect.data.franklinTempletonReady ? "success" : "info"}
            role="status"
            data-testid="perfection-result"
            sx={{ mt: 1.5 }}
          >
            Readiness {formatScore(perfect.data.readinessScoreBefore)}% before the run,{" "}
            {formatScore(perfect.data.readinessScore)}% after
            {" · "}
            {perfect.data.runs.filter((r) => r.passed).length} of {perfect.data.runs.length} runs passed · Franklin
            readiness {franklinWord(perfect.data.franklinTempletonReady)}
          </Notice>
        ) : null}
      </Paper>

      <QueryState query={status} what="the testnet status" height={420} testId="status">
        {(s) => (
          <Stack spacing={3}>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                Readiness score
              </Typography>
              <ReadinessScore
                score={s.readinessScore}
                passed={s.checks.filter((c) => c.passed).length}
                total={s.checks.length}
                ready={s.franklinTempletonReady}
              />
            </Paper>
            <CardGrid testId="status-cards">
              {FLAG_CARDS.map((f) => (
                <Box key={f.flag} sx={{ minWidth: 0 }}>
                  <StatCard
                    testId={`flag-${f.flag}`}
                    title={f.title}
                    value={flagWord(f.on, s[f.flag])}
                    valueColor={s[f.flag] ? "success.dark" : "text.secondary"}
                    measures={
                      <>
                        {f.measures}
                        {reading(f.flag, s) ? (
                          <Box
                            component="span"
                            sx={{ display: "block", mt: 0.5, color: "text.primary" }}
                            data-testid={`flag-${f.flag}-reading`}
                          >
                            {reading(f.flag, s)}
                          </Box>
                        ) : null}
                      </>
                    }
                  />
                </Box>
              ))}
            </CardGrid>
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2">
                Checks
              </Typography>
              <Typography variant="body2" color="text.secondary">
                The readiness score is the share of these that pass; each says what it measured.
              </Typography>
              <ChecksList checks={s.checks} />
            </Paper>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
