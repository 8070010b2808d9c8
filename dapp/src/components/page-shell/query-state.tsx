import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { alpha } from "@mui/material/styles";
import type { UseQueryResult } from "@tanstack/react-query";
import { describeQueryError } from "../../lib/api-errors";

/**
 * The error and "stale" notes, drawn with a Box in the colours of MUI's standard Alert: MUI's Alert brings
 * IconButton and five icons (about 3 KB gzip) into every page's first load for a state that is rare.
 */
function Notice({ severity, title, action, testId, kind, children }: { severity: "error" | "warning"; title?: ReactNode; action: ReactNode; testId: string; kind?: string; children: ReactNode }) {
  return (
    <Box
      role={severity === "error" ? "alert" : "status"}
      data-testid={testId}
      data-kind={kind}
      sx={(t) => ({
        display: "flex",
        alignItems: "flex-start",
        gap: 1,
        px: 2,
        py: 1,
        mb: severity === "warning" ? 1 : 0,
        borderRadius: 1,
        color: t.palette[severity].dark,
        bgcolor: alpha(t.palette[severity].main, 0.08),
        borderLeft: `4px solid ${t.palette[severity].main}`,
        overflowWrap: "anywhere",
      })}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0, py: 0.5 }}>
        {title ? (
          <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
        ) : null}
        <Typography variant="body2" component="div">
          {children}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0 }}>{action}</Box>
    </Box>
  );
}

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
    <Button color="inherit" size="small" onClick={() => void query.refetch()} disabled={query.isRefetching} data-testid={`${testId}-retry`}>
      {query.isRefetching ? "Retrying…" : "Retry"}
    </Button>
  );
  if (query.isError && query.data === undefined) {
    const view = describeQueryError(query.error);
    return (
      <Notice severity="error" testId={`${testId}-error`} kind={view.kind} action={retry} title={`Could not load ${what}`}>
        {view.title}: {view.message}
      </Notice>
    );
  }
  const data = query.data as T;
  const stale = query.isError ? (
    <Notice severity="warning" testId={`${testId}-stale`} action={retry}>
      Showing {what} from before: {describeQueryError(query.error).message}
    </Notice>
  ) : null;
  if (isEmpty?.(data)) {
    return (
      <>
        {stale}
        <Box data-testid={`${testId}-empty`} sx={{ minHeight: Math.min(height, 160), display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 1, textAlign: "center", p: 2 }}>
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
