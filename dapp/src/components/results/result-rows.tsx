import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import List from "@mui/material/List";
import { ResultItem } from "./result-item";
import type { ResultView } from "./result-view";

/** The results list's rows and its "Load more" (a lazy part of results-list.tsx). */
export function ResultRows({
  results,
  testId,
  headingId,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  results: ResultView[];
  testId: string;
  headingId: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore?: () => void;
}) {
  return (
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
          <Button
            data-testid={`${testId}s-load-more`}
            onClick={onLoadMore}
            disabled={loadingMore}
            variant="outlined"
            size="small"
          >
            {loadingMore ? "Loading…" : "Load more"}
          </Button>
        </Box>
      ) : null}
    </List>
  );
}
