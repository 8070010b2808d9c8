// The API's side of "what went wrong, in words": no answer at all, or an answer with an error `code`. Its
// own module, without viem or the ABIs, because every page's loading/error states (QueryState) use it in
// the first load; lib/tx-errors.ts adds the wallet's and the chain's failures on top.
import { ApiRequestError, ApiUnreachableError, rateLimitedText } from "./api-client";

export type TxErrorKind =
  /** The wallet's user said no (EIP-1193 4001). */
  | "rejected"
  /** The contract refused: a decoded custom error, Error(string) or Panic. */
  | "revert"
  /** The API refused a field (INVALID_INPUT): the user can fix it. */
  | "invalid-input"
  | "rate-limited"
  /** A ledger is down or busy (LEDGER_UNAVAILABLE / LEDGER_BUSY): not the user's fault. */
  | "unavailable"
  /** The ledger answered no for a reason that is not the input (LEDGER_REJECTED). */
  | "ledger-rejected"
  | "unauthenticated"
  /** Our bug (INTERNAL) or the app and API disagreeing (malformed body, unknown route). */
  | "server"
  /** No answer from the API at all (down, offline, timed out). */
  | "api-unreachable"
  /** The wallet could not reach the chain's node. */
  | "node-unreachable"
  | "insufficient-funds"
  | "wrong-chain"
  /** Sent, but no receipt within the wait: it may still be mined. */
  | "timeout"
  | "unknown";

export type TxErrorView = {
  kind: TxErrorKind;
  title: string;
  message: string;
  /** Whether the same action can succeed if tried again unchanged. */
  retryable: boolean;
  /** For "invalid-input": the API's field issues (path "" is the whole request). */
  issues?: { path: string; message: string }[];
  retryAfterSeconds?: number;
  /** For "revert": the custom error's name, e.g. "BelowMinimumDeposit". */
  errorName?: string;
};

/**
 * The failure in words when the API is its source (unreachable, or an error body), else null. Network
 * errors from fetch itself count as unreachable: nothing the user typed can cause them.
 */
export function describeApiFailure(error: unknown): TxErrorView | null {
  if (
    error instanceof ApiUnreachableError ||
    (error instanceof TypeError && /fetch|network|load failed/i.test(error.message))
  ) {
    const timeout = error instanceof ApiUnreachableError && error.reason === "timeout";
    return {
      kind: "api-unreachable",
      title: "The API is not reachable",
      message: timeout
        ? "The API did not answer in time. Nothing is wrong with your input; try again."
        : "The API is not reachable. Nothing is wrong with your input; try again when it is back.",
      retryable: true,
    };
  }
  if (error instanceof ApiRequestError) return describeApiError(error);
  return null;
}

/** An API query's failure in words (QueryState, the chain-time control): the API's reading, or the error's own text. */
export function describeQueryError(error: unknown): TxErrorView {
  return describeApiFailure(error) ?? describeUnknown(error);
}

/** A failure nothing else recognises: its own short text, and a retry may help. */
export function describeUnknown(error: unknown): TxErrorView {
  const e = error as { shortMessage?: unknown; message?: unknown } | null;
  const message =
    typeof e?.shortMessage === "string" ? e.shortMessage : typeof e?.message === "string" ? e.message : String(error);
  return { kind: "unknown", title: "Something went wrong", message, retryable: true };
}

const LEDGER_NAMES = { ethereum: "the Ethereum node", stellar: "Stellar's Horizon", xrpl: "the XRP Ledger" } as const;

function describeApiError(error: ApiRequestError): TxErrorView {
  const body = error.body;
  const ledger = body?.ledger ? LEDGER_NAMES[body.ledger] : "the ledger";
  switch (body?.code) {
    case "INVALID_INPUT": {
      const issues = body.issues ?? [];
      const list = issues.map((i) => (i.path ? `${i.path} ${i.message}` : i.message)).join("; ");
      return {
        kind: "invalid-input",
        title: "Check your input",
        message: list ? `Your input was refused: ${list}` : `Your input was refused: ${body.error}`,
        retryable: false,
        issues,
      };
    }
    case "RATE_LIMITED":
      return {
        kind: "rate-limited",
        title: "Too many requests",
        message: rateLimitedText(body.retryAfterSeconds),
        retryable: true,
        retryAfterSeconds: body.retryAfterSeconds,
      };
    case "LEDGER_UNAVAILABLE":
      return {
        kind: "unavailable",
        title: "The chain is unavailable",
        message: `${body.error}. This is not your input: ${ledger} cannot be reached now; try again later.`,
        retryable: true,
        retryAfterSeconds: body.retryAfterSeconds,
      };
    case "LEDGER_BUSY":
      return {
        kind: "unavailable",
        title: "The chain is busy",
        message: `${body.error}. This is not your input: try again${body.retryAfterSeconds !== undefined ? ` in ${body.retryAfterSeconds} s` : " shortly"}.`,
        retryable: true,
        retryAfterSeconds: body.retryAfterSeconds,
      };
    case "LEDGER_REJECTED":
      return { kind: "ledger-rejected", title: "The ledger refused it", message: body.error, retryable: false };
    case "UNAUTHENTICATED":
      return {
        kind: "unauthenticated",
        title: "Sign in first",
        message: `${body.error}. Sign in with your wallet and try again.`,
        retryable: true,
      };
    case "INTERNAL":
      return {
        kind: "server",
        title: "Something went wrong on our side",
        message: `The server failed; this is our fault, not your input.${body.requestId ? ` Request id ${body.requestId}.` : ""}`,
        retryable: true,
      };
    case null:
    case undefined:
      break;
    default:
      // MALFORMED_JSON, NOT_FOUND, CROSS_SITE_REQUEST…: the app sent something the API does not take.
      return {
        kind: "server",
        title: "The app and the API disagree",
        message: `${body?.error} (${body?.code}). This is our fault, not your input.`,
        retryable: false,
      };
  }
  if (error.status >= 502 && error.status <= 504) {
    return {
      kind: "api-unreachable",
      title: "The API is not reachable",
      message: `The API did not answer (${error.status} ${error.statusText}). Nothing is wrong with your input; try again.`,
      retryable: true,
    };
  }
  if (error.status >= 500) {
    return {
      kind: "server",
      title: "Something went wrong on our side",
      message: `${error.message}. This is our fault, not your input.`,
      retryable: true,
    };
  }
  return { kind: "unknown", title: "The request failed", message: body?.error ?? error.message, retryable: false };
}
