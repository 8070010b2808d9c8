import Paper from "@mui/material/Paper";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { PageShell } from "../../../components/page-shell";
import { paths } from "../../../config/paths";
import { useLatestSecurityReport } from "../api/get-latest";
import { useIndividualResults } from "../hooks/use-individual-results";
import { AboutSuite } from "./about-suite";
import { ReportSection } from "./report-section";
import { RunControls } from "./run-controls";

// Shown once an individual test has answered; its code (result cards, evidence, copy buttons) loads with it.
const IndividualResults = lazyPart(() => import("./individual-results").then((m) => m.IndividualResults), {
  name: "The individual test results",
  fallback: <PartLoading minHeight={400} label="Loading the individual test results" />,
});

/**
 * /government-security-dashboard (spec part 1 §2): what the suite does and its last run, the control buttons (the
 * comprehensive run and the four individual tests), the individual results, and after a comprehensive run the
 * tabs summary, results, compliance status and recommendations. Every figure comes from the API's report.
 */
export function SecurityPage() {
  const latest = useLatestSecurityReport();
  const individual = useIndividualResults();
  return (
    <PageShell
      testId="security-page"
      title={paths.governmentSecurityDashboard.title}
      subtitle="The security suite run for real against this API: what it found, including what fails."
    >
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
        <AboutSuite report={latest.data?.report} loading={latest.isPending} />
      </Paper>
      <RunControls />
      {individual.length ? <IndividualResults /> : null}
      <ReportSection latest={latest} />
    </PageShell>
  );
}
