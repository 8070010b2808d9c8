import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Skeleton } from "../skeleton";
import Typography from "@mui/material/Typography";
import type { UseQueryResult } from "@tanstack/react-query";
import { describeQueryError } from "../../lib/api-errors";
import { Notice, NoticeTitle } from "../notice";

export type QueryStateProps<T> = {
  query: Pick<UseQueryResult<T>, "data" | "error" | "isPending" | "isError" | "refetch" | "isRefetching">;
  /** Names the data in messages: "the mint history". */
  what: string;
  /** Height kept while loading, so nothing below jumps when the data arrives. */
  height: number;
  /** True when the data holds nothing to show. */
  isEmpty?: (data: T) => boolean;
  /** The empty state: a sentence and, ideally, the action that fills it. */
  empty?: { message: ReactNode; action?: ReactNode };
  /** A loading placeholder shaped like the content (cards, rows); a plain block of `height` otherwise. */
  skeleton?: ReactNode;
  /** Prefix of the data-testids: `${testId}-loading`, `-empty`, `-error`. */
  testId: string;
  children: (data: T) => ReactNode;
};

/**
 * One loading / empty / error presentation for every query: a skeleton of a reserved height, an empty
 * state with an action, and an error in words (whose fault it is, via lib/tx-errors) with a Retry.
 * Data already shown stays shown when a later refetch fails, with a note instead of a blank.
 */
export function QueryState<T>({ query, what, height, isEmpty, empty, skeleton, testId, children }: QueryStateProps<T>) {
  if (query.isPending) {
    return (
      <Box data-testid={`${testId}-loading`} role="status" aria-label={`Loading ${what}`} sx={{ minHeight: height }}>
        {skeleton ?? <Skeleton variant="rounded" height={height} />}
      </Box>
    );
  }
  const retry = (
    <Button
      color="inherit"
      size="small"
      onClick={() => void query.refetch()}
      disabled={query.isRefetching}
      data-testid={`${testId}-retry`}
    >
      {query.isRefetching ? "Retrying…" : "Retry"}
    </Button>
  );
  if (query.isError && query.data === undefined) {
    const view = describeQueryError(query.error);
    return (
      <Notice severity="error" data-testid={`${testId}-error`} data-kind={view.kind} action={retry}>
        <NoticeTitle>Could not load {what}</NoticeTitle>
        {view.title}: {view.message}
      </Notice>
    );
  }
  const data = query.data as T;
  const stale = query.isError ? (
    <Notice severity="warning" data-testid={`${testId}-stale`} action={retry} sx={{ mb: 1 }}>
      Showing {what} from before: {describeQueryError(query.error).message}
    </Notice>
  ) : null;
  if (isEmpty?.(data)) {
    return (
      <>
        {stale}
        <Box
          data-testid={`${testId}-empty`}
          sx={{
            minHeight: Math.min(height, 160),
            display: "flex",
            flexDirection: "column",
            alignItems: "center",
            justifyContent: "center",
            gap: 1,
            textAlign: "center",
            p: 2,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {empty?.message ?? `No ${what} yet.`}
          </Typography>
          {empty?.action}
        </Box>
      </>
    );
  }
  return (
    <>
      {stale}
      {children(data)}
    </>
  );
}
