import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ResultView } from "./result-view";
import { lazyPart } from "../lazy-part";
import { Notice } from "../notice";

export interface ResultsListProps {
  heading?: string;
  results: ResultView[];
  /** The first page is loading. */
  loading: boolean;
  /** Why the first page could not be loaded (shown only while nothing is listed). */
  error?: string | null;
  loadingText?: string;
  emptyText: string;
  /** "Load more" shows when the feature gives an older page (the API's cursor). */
  hasMore?: boolean;
  loadingMore?: boolean;
  loadMoreError?: string | null;
  onLoadMore?: () => void;
  /** Prefix of the test ids: `${testId}s` for the list, `${testId}` for each item. */
  testId?: string;
  headingId?: string;
}

/** One line saying what is being read, while the first page or the rows' code loads. */
function LoadingLine({ testId, text }: { testId: string; text: string }) {
  return (
    <Box data-testid={testId} role="status" sx={{ display: "flex", alignItems: "center", gap: 1, py: 2 }}>
      <CircularProgress size={20} aria-hidden /> <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

// The rows (each result's details, copy buttons, explorer links and the in-browser check) are a lazy part:
// nothing to show before the first page has come, so their code loads beside that request, not in the
// page's first load.
const ResultRows = lazyPart(() => import("./result-rows").then((m) => m.ResultRows), {
  name: "The results",
  fallback: <LoadingLine testId="result-rows-loading" text="Loading results…" />,
});

/** The shared results list: newest first, each result live or simulated and checkable in the browser. */
export function ResultsList({
  heading = "Results",
  results,
  loading,
  error,
  loadingText = "Loading results…",
  emptyText,
  hasMore = false,
  loadingMore = false,
  loadMoreError,
  onLoadMore,
  testId = "result",
  headingId = `${testId}s-heading`,
}: ResultsListProps) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        {heading}
      </Typography>
      {loading ? <LoadingLine testId={`${testId}s-loading`} text={loadingText} /> : null}
      {error && results.length === 0 ? (
        <Notice data-testid={`${testId}s-error`} severity="error">
          {error}
        </Notice>
      ) : null}
      {!loading && !error && results.length === 0 ? (
        <Typography data-testid={`${testId}s-empty`} variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {emptyText}
        </Typography>
      ) : null}
      {results.length > 0 ? (
        <ResultRows
          results={results}
          testId={testId}
          headingId={headingId}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onLoadMore={onLoadMore}
        />
      ) : null}
      {loadMoreError ? (
        <Notice data-testid={`${testId}s-load-more-error`} severity="error" sx={{ mt: 1 }}>
          {loadMoreError}
        </Notice>
      ) : null}
    </Paper>
  );
}
