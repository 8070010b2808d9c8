import { useEffect } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { PageShell, QueryState } from "../../../components/page-shell";
import { Skeleton } from "../../../components/skeleton";
import { paths } from "../../../config/paths";
import { timeText } from "../../../lib/time";
import { lazyPart, PartLoading } from "../../../components/lazy-part";
import { useTechnicalOverview } from "../api/get-overview";
import type { TechnicalOverviewResponse } from "../api/contract";

const OverviewSections = lazyPart(() => import("./overview-sections").then((m) => m.OverviewSections), {
  name: "The overview",
  fallback: <PartLoading minHeight={1200} label="Loading the overview" />,
});

function Computed({ o }: { o: TechnicalOverviewResponse }) {
  return (
    <Typography variant="body2" color="text.secondary" data-testid="overview-computed">
      Computed at {timeText(o.computedAt)} in{" "}
      {(o.durationMs / 1000).toLocaleString("en-US", { maximumFractionDigits: 1 })} s. {o.rules.cache}
    </Typography>
  );
}

/** /technical-integration-overview: the product described by itself, every value read or computed by the API. */
export function TechnicalIntegrationPage() {
  const overview = useTechnicalOverview();
  // The sections' code loads while the overview is computed, not after it arrives.
  useEffect(() => void OverviewSections.preload(), []);
  return (
    <PageShell
      testId="technical-integration-page"
      title={paths.technicalIntegrationOverview.title}
      subtitle="Generated from the product itself: the deployed contracts read from the chain, the API from its OpenAPI document, each ledger's status and version, the versions that matter, and the road data takes."
    >
      <QueryState
        query={overview}
        what="the technical overview"
        height={1200}
        testId="overview"
        skeleton={
          <Box sx={{ display: "flex", flexDirection: "column", gap: 2 }}>
            <Skeleton variant="rounded" height={500} />
            <Skeleton variant="rounded" height={300} />
            <Skeleton variant="rounded" height={400} />
          </Box>
        }
      >
        {(o) => (
          <Box sx={{ display: "flex", flexDirection: "column", gap: 3, minWidth: 0 }}>
            <Computed o={o} />
            <OverviewSections o={o} />
          </Box>
        )}
      </QueryState>
    </PageShell>
  );
}
