import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import type { UseQueryResult } from "@tanstack/react-query";
import { lazyPart } from "../../../components/lazy-part";
import { Notice, NoticeTitle } from "../../../components/notice";
import { describeQueryError } from "../../../lib/api-errors";
import type { LandingSummaryResponse } from "../api/contract";
import { ContactLine } from "./contact-line";
import { LandingBanners } from "./landing-banners";
import { PageGrid } from "./page-grid";
import { SummarySkeleton } from "./summary-skeleton";

const SummarySections = lazyPart(() => import("./summary-sections").then((m) => m.default), {
  fallback: <SummarySkeleton />,
  name: "The platform's figures",
});

/** Everything under the branding: the banners, the summary's sections (or their skeleton, or the error) and the page grid. */
export default function LandingBody({
  summary,
}: {
  summary: Pick<UseQueryResult<LandingSummaryResponse>, "data" | "error" | "isError" | "refetch" | "isRefetching">;
}) {
  const view = summary.isError ? describeQueryError(summary.error) : null;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", gap: 4, minWidth: 0 }}>
      <LandingBanners />
      {summary.data ? (
        <SummarySections summary={summary.data} />
      ) : view ? (
        <Notice
          severity="error"
          data-testid="summary-error"
          data-kind={view.kind}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void summary.refetch()}
              disabled={summary.isRefetching}
              data-testid="summary-retry"
            >
              {summary.isRefetching ? "Retrying…" : "Retry"}
            </Button>
          }
        >
          <NoticeTitle>Could not load the platform&apos;s figures</NoticeTitle>
          {view.title}: {view.message}
        </Notice>
      ) : (
        <Box role="status" aria-label="Loading the platform's figures">
          <SummarySkeleton />
        </Box>
      )}
      <PageGrid />
      {summary.data ? <ContactLine contact={summary.data.contact} /> : null}
    </Box>
  );
}
