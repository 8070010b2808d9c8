import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { QueryState } from "../../../components/page-shell";
import { timeText } from "../../../lib/time";
import { useTreasuryHealth } from "../api/get-treasury-health";
import { msText } from "../utils/levels";
import { Fact, Facts } from "../../../components/facts";
import { StatusPill } from "./level-badge";
import { panelPlaceholder } from "./panel-skeleton";

/** The Treasury's health: a real probe of Fiscal Data, its latency and last success, and what the figures fall back to. */
export function TreasuryHealthPanel() {
  const health = useTreasuryHealth();
  return (
    <QueryState
      query={health}
      what="the Treasury's health"
      testId="treasury-health"
      {...panelPlaceholder("treasuryHealth")}
    >
      {(d) => {
        const p = d.endpoints.fiscalData;
        return (
          <Stack spacing={1.5} data-testid="treasury-health-panel">
            <StatusPill
              status={d.status}
              color={d.status === "OPERATIONAL" ? "success" : "error"}
              testId="treasury-health-status"
            />
            <Typography variant="body2" color="text.secondary">
              {d.rule}
            </Typography>
            <Facts>
              <Fact term="Endpoint">{p.endpoint}</Fact>
              <Fact term="Latency" testId="treasury-health-latency">
                {p.latencyMs === null ? "no answer" : msText(p.latencyMs)}
              </Fact>
              <Fact term="Checked">{timeText(p.checkedAt)}</Fact>
              <Fact term="Last success">
                {p.lastSuccessAt ? timeText(p.lastSuccessAt) : "none since the API started"}
              </Fact>
              {p.error ? <Fact term="Error">{p.error}</Fact> : null}
            </Facts>
            {d.fallback ? (
              <Typography variant="body2" data-testid="treasury-health-fallback">
                {d.fallback}
              </Typography>
            ) : null}
          </Stack>
        );
      }}
    </QueryState>
  );
}
