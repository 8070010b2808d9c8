import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import List from "@mui/material/List";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { ResultItem } from "./result-item";
import type { ResultView } from "./result-view";
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
      {loading ? (
        <Box data-testid={`${testId}s-loading`} role="status" sx={{ display: "flex", alignItems: "center", gap: 1, py: 2 }}>
          <CircularProgress size={20} aria-hidden /> <Typography variant="body2">{loadingText}</Typography>
        </Box>
      ) : null}
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
        // Spec part 1 §9: the results list scrolls at a maximum height of 96 units (384 px).
        <List
          data-testid={`${testId}s`}
          disablePadding
          aria-labelledby={headingId}
          sx={{ maxHeight: "384px", overflowY: "auto" }}
        >
          {results.map((result) => (
            <ResultItem key={result.id} result={result} testId={testId} />
          ))}
          {hasMore && onLoadMore ? (
            <Box component="li" sx={{ listStyle: "none", py: 1.5, display: "flex", justifyContent: "center" }}>
              <Button data-testid={`${testId}s-load-more`} onClick={onLoadMore} disabled={loadingMore} variant="outlined" size="small">
                {loadingMore ? "Loading…" : "Load more"}
              </Button>
            </Box>
          ) : null}
        </List>
      ) : null}
      {loadMoreError ? (
        <Notice data-testid={`${testId}s-load-more-error`} severity="error" sx={{ mt: 1 }}>
          {loadMoreError}
        </Notice>
      ) : null}
    </Paper>
  );
}
