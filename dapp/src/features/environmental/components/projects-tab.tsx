import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Fact, Facts } from "../../../components/facts";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { timeText } from "../../../lib/time";
import { useProjects } from "../api/get-projects";
import type { ProjectStatus } from "../api/contract";
import { CLAIMED_LABEL } from "../constants";
import { fundedPercent } from "../utils/funding";

const STATE_COLOR = { open: "info", succeeded: "success", finalized: "success", failed: "error" } as const;

function ProjectCard({ p }: { p: ProjectStatus }) {
  const percent = fundedPercent(p.currentFunding, p.fundingGoal);
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid="project-card" data-project={p.id}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: "1 1 auto" }}>
          {p.title}
        </Typography>
        {p.demo ? <Pill label="Demo" size="small" variant="outlined" /> : null}
        <Pill label={p.state} size="small" color={STATE_COLOR[p.state]} data-testid="project-state" />
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, percent)}
        aria-label={`${p.title}: funded ${percent.toFixed(1)}%`}
      />
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: "anywhere" }} data-testid="project-funding">
        {p.currentFunding} of {p.fundingGoal} USDC ({percent.toFixed(1)}%), read from campaign {p.campaign}
      </Typography>
      <Facts stackOnPhone>
        <Fact term="Deadline">{timeText(p.deadline, "chain")}</Fact>
        <Fact term="Attestation" testId="project-attestation">
          {p.attestation
            ? `${p.attestation.revoked ? "Revoked" : "Attested"} by verifier ${p.attestation.verifier} (attestation ${p.attestation.id})`
            : "Not attested"}
          {p.satelliteVerified
            ? " · satelliteVerified: an allow-listed verifier attested; no satellite exists here"
            : ""}
        </Fact>
        <Fact term="Impact" testId="project-impact">
          {p.claimedImpact ? `${p.claimedImpact} (${CLAIMED_LABEL})` : "None stated"}
        </Fact>
      </Facts>
    </Paper>
  );
}

/** Each crowdfunding project's funding (read from its campaign) and attestation; impact only as claimed. */
export function ProjectsTab() {
  const projects = useProjects();
  return (
    <QueryState
      query={projects}
      what="the projects"
      height={320}
      testId="projects"
      isEmpty={(d) => d.projects.length === 0 && d.unavailable === null}
      empty={{
        message: "No crowdfunding project yet: projects appear here with their funding and attestations once created.",
      }}
    >
      {(d) => (
        <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 2 }}>
          {d.unavailable ? (
            <Notice severity="warning" data-testid="projects-unavailable">
              {d.unavailable}
            </Notice>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            Impact figures are the projects&apos; own statements: {CLAIMED_LABEL}.
          </Typography>
          <Box
            sx={{
              display: "grid",
              gap: 2,
              gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
            }}
          >
            {d.projects.map((p) => (
              <ProjectCard key={p.id} p={p} />
            ))}
          </Box>
        </Box>
      )}
    </QueryState>
  );
}
