import Paper from "@mui/material/Paper";
import { PageShell, UrlTabs, type UrlTab } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { EnergyTab, preloadEnergyCharts } from "./energy-tab";

// The ledger and the projects (their tables, progress bars and hash views) load when their tab is opened.
const RewardsTab = lazyPart(() => import("./rewards-tab").then((m) => m.RewardsTab), {
  name: "The VIBE rewards ledger",
  fallback: <PartLoading minHeight={480} label="Loading the rewards ledger" />,
});
const ProjectsTab = lazyPart(() => import("./projects-tab").then((m) => m.ProjectsTab), {
  name: "The projects",
  fallback: <PartLoading minHeight={320} label="Loading the projects" />,
});

export const ENVIRONMENTAL_TAB_IDS = ["energy", "rewards", "projects"] as const;
export type EnvironmentalTabId = (typeof ENVIRONMENTAL_TAB_IDS)[number];

/** Energy prices from the government data layer, the VIBE rewards ledger from the chain, the projects' status. */
export function EnvironmentalPage() {
  const tabs: UrlTab<EnvironmentalTabId>[] = [
    { id: "energy", label: "Energy", content: <EnergyTab />, preload: preloadEnergyCharts },
    { id: "rewards", label: "Rewards Ledger", content: <RewardsTab />, preload: RewardsTab.preload },
    { id: "projects", label: "Projects", content: <ProjectsTab />, preload: ProjectsTab.preload },
  ];
  return (
    <PageShell
      testId="environmental-page"
      title={paths.environmentalMonitoring.title}
      subtitle="Energy prices from the U.S. Energy Information Administration, every VIBE reward read from the chain, and each project's funding and attestation. Impact figures are the projects' own claims, not measurements."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
        <UrlTabs tabs={tabs} defaultTab="energy" label="Environmental monitoring" idPrefix="env" />
      </Paper>
    </PageShell>
  );
}
