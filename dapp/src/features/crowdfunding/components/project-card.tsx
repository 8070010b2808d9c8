import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { Address } from "viem";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { Pill } from "../../../components/pill";
import { SourceBadge } from "../../../components/source-badge";
import { timeText } from "../../../lib/time";
import type { CrowdfundingProject, ProjectsResponse } from "../api/contract";

// Fund and Verify sign with the wallet (wagmi, the transaction flow): after the first paint.
const ProjectActions = lazyPart(() => import("./project-actions").then((m) => m.ProjectActions), {
  wallet: true,
  name: "The project's actions",
  fallback: <PartLoading minHeight={40} />,
});

const STATE_LABEL = { open: "Open", succeeded: "Goal met", finalized: "Paid out", failed: "Goal missed" } as const;
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** currentFunding / fundingGoal as a percentage (capped at 100 for the bar), from the campaign's figures. */
export function fundedPercent(p: Pick<CrowdfundingProject, "currentFunding" | "fundingGoal">): number | null {
  if (p.currentFunding === null || p.fundingGoal === null || Number(p.fundingGoal) === 0) return null;
  return (Number(p.currentFunding) / Number(p.fundingGoal)) * 100;
}

export function ProjectCard({
  project: p,
  contracts,
  wallet,
}: {
  project: CrowdfundingProject;
  contracts: ProjectsResponse["contracts"];
  wallet: Address | undefined;
}) {
  const percent = fundedPercent(p);
  const a = p.attestation;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={`project-${p.id}`}
      data-testid="project-card"
      data-project={p.id}
      sx={{ p: 2, display: "flex", flexDirection: "column", gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", justifyContent: "space-between" }}>
        <Typography id={`project-${p.id}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {p.title}
        </Typography>
        <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap", justifyContent: "flex-end" }}>
          {p.demo ? <Pill size="small" label="demo" data-testid="project-demo" /> : null}
          {p.satelliteVerified ? (
            <Pill size="small" color="success" label="Verified" data-testid="project-verified" />
          ) : null}
        </Box>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {p.category} · {p.location}
      </Typography>
      <Typography variant="body2">{p.description}</Typography>
      {p.environmentalImpact ? (
        <Typography variant="body2" data-testid="project-claim">
          {p.environmentalImpact}{" "}
          <Box component="span" sx={{ color: "text.secondary" }}>
            (claimed, not measured)
          </Box>
        </Typography>
      ) : null}
      {p.source === "live" && percent !== null ? (
        <Box>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, percent)}
            aria-label={`${p.title}: funded`}
            aria-valuetext={`${percent.toFixed(0)}% funded`}
            data-testid="project-progress"
          />
          <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="project-funding">
            ${Number(p.currentFunding).toLocaleString("en-US")} of ${Number(p.fundingGoal).toLocaleString("en-US")} USDC
            ({percent.toFixed(percent > 0 && percent < 1 ? 1 : 0)}%)
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="project-state">
            {STATE_LABEL[p.state!]} · deadline {timeText(p.deadline!, "chain")}
          </Typography>
        </Box>
      ) : (
        <SourceBadge source="simulated" reason={p.reason} />
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="project-attestation"
        sx={{ overflowWrap: "anywhere" }}
      >
        {a === null
          ? "No attestation yet."
          : a.revoked
            ? `Attestation #${a.id} by ${short(a.verifier)} (“${a.data}”) was revoked.`
            : `Attested by verifier ${short(a.verifier)}: “${a.data}” (attestation #${a.id}, ${timeText(a.attestedAt, "chain")}).`}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        Campaign {short(p.campaign)}
      </Typography>
      <Box sx={{ mt: "auto" }}>
        <ProjectActions project={p} contracts={contracts} wallet={wallet} />
      </Box>
    </Paper>
  );
}
