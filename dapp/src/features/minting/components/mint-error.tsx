import Button from "@mui/material/Button";
import type { TxErrorView } from "../../../lib/tx-errors";
import { Notice, NoticeTitle } from "../../../components/notice";

/**
 * The last failure of a tab, inline under its form (it stays until the next attempt, unlike a toast):
 * whose fault it is in words, and Retry when trying again unchanged can help.
 */
export function MintError({
  error,
  onRetry,
  testId,
}: {
  error: TxErrorView | null;
  onRetry?: () => void;
  testId: string;
}) {
  if (!error) return null;
  return (
    <Notice
      severity={error.kind === "rejected" ? "info" : error.kind === "invalid-input" ? "warning" : "error"}
      data-testid={testId}
      data-kind={error.kind}
      action={
        error.retryable && onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} data-testid={`${testId}-retry`}>
            Retry
          </Button>
        ) : undefined
      }
    >
      <NoticeTitle>{error.title}</NoticeTitle>
      {error.message}
    </Notice>
  );
}
