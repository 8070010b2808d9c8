import type { z } from "zod";
import type { ApiError, ErrorCode } from "../../../api/src/http/error-body";

/** The API's error body (`api/src/http/error-body.ts`), as far as the dapp reads it. */
export type ApiErrorBody = Pick<
  ApiError,
  "error" | "issues" | "retryAfterSeconds" | "requestId" | "ledger" | "details"
> & { code: ErrorCode | null };

/** A non-OK HTTP response. `message` is `${status}: ${body text or statusText}` (spec part 1 §7). */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  /** The API's JSON error body when the response carried one (a proxy's HTML page does not). */
  readonly body: ApiErrorBody | null;
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    /** From the Retry-After header, when the body does not say. */
    retryAfterHeader?: string | null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    const body = parseApiErrorBody(bodyText);
    const headerSeconds = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : undefined;
    this.body = body ? { ...body, retryAfterSeconds: body.retryAfterSeconds ?? headerSeconds } : null;
  }
  /** The machine-readable code: what the dapp branches on (never on the English text). */
  get code(): ErrorCode | null {
    return this.body?.code ?? null;
  }
}

/**
 * The request never got an answer: the API is down, the network is gone, or it did not answer within
 * the timeout. Not an HTTP status, so nothing the user typed can be the cause.
 */
export class ApiUnreachableError extends Error {
  override readonly name = "ApiUnreachableError";
  constructor(
    readonly path: string,
    readonly reason: "offline" | "timeout",
    options?: { cause?: unknown },
  ) {
    super(
      reason === "timeout" ? `The API did not answer ${path} in time` : `The API is not reachable (${path})`,
      options,
    );
  }
}

/** Every request gives up after this long: a hung API must not leave a spinner forever. */
export const API_TIMEOUT_MS = 15_000;

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
};

/**
 * One call to the API. `S` is the route's response schema, as a type only: the API parses every answer
 * with that same schema before sending it (api/src/http/route.ts), so the dapp does not parse it again;
 * that keeps zod (about 25 KB gzip) out of every page's first load. Forms still load zod, with themselves.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const { method = "GET", body, signal, timeoutMs = API_TIMEOUT_MS } = options;
  const hasBody = body !== undefined;
  const response = await send(
    path,
    {
      method,
      headers: hasBody
        ? { "Content-Type": "application/json", Accept: "application/json" }
        : { Accept: "application/json" },
      body: hasBody ? JSON.stringify(body) : undefined,
    },
    { signal, timeoutMs },
  );
  return readJson<S>(response, method, path);
}

/**
 * One fetch with the timeout, the caller's abort and the API's error body: an answer that is not OK throws
 * ApiRequestError, no answer ApiUnreachableError. The timer covers the whole exchange up to the response's
 * headers; the caller reads the body. Exported for lib/api-files.ts (uploads and downloads), which keeps those out of
 * the entry chunk that every page loads.
 */
export async function send(
  path: string,
  init: RequestInit,
  { signal, timeoutMs }: { signal?: AbortSignal; timeoutMs: number },
): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onCallerAbort = () => timeout.abort();
  signal?.addEventListener("abort", onCallerAbort, { once: true });
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: "include", signal: timeout.signal });
  } catch (error) {
    // The caller's own cancel (a query unmounting) stays an abort; anything else never reached the API.
    if (signal?.aborted) throw error;
    throw new ApiUnreachableError(path, timeout.signal.aborted ? "timeout" : "offline", { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onCallerAbort);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiRequestError(response.status, response.statusText, text, response.headers.get("Retry-After"));
  }
  return response;
}

export async function readJson<S extends z.ZodType>(
  response: Response,
  method: string,
  path: string,
): Promise<z.output<S>> {
  const text = await response.text();
  try {
    return JSON.parse(text) as z.output<S>;
  } catch {
    // A 200 that is not JSON is not the API speaking (a proxy's page, a dev server's index.html).
    throw new Error(`Unexpected response from ${method} ${path}: not JSON`);
  }
}

export const api = {
  get: <S extends z.ZodType>(path: string, signal?: AbortSignal) => apiRequest<S>(path, { signal }),
  /** `timeoutMs`: for a write that waits on the chain longer than the default allows. */
  post: <S extends z.ZodType>(path: string, body: unknown, timeoutMs?: number) =>
    apiRequest<S>(path, { method: "POST", body, timeoutMs }),
};

/** "Too many requests, try again in 12 s" */
export const rateLimitedText = (seconds: number | undefined) =>
  `Too many requests, try again in ${seconds !== undefined ? `${seconds} s` : "a minute"}`;

/**
 * The most useful text for a person: by the API's error `code` when it sent one (a rate limit, a ledger
 * that is down, our own bug read differently from a bad amount), the API's `error` and its issues, a
 * wallet/viem `shortMessage`, or the error's message. `lib/tx-errors.ts` builds the full
 * {kind, title, message} on top; this one stays small because the first load uses it.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiUnreachableError) {
    return error.reason === "timeout"
      ? "The API did not answer in time; try again"
      : "The API is not reachable; check that it is running";
  }
  if (error instanceof ApiRequestError) {
    const body = error.body;
    if (body) {
      switch (body.code) {
        case "RATE_LIMITED":
          // A heavy job already running (api/src/shared/heavy-jobs.ts) says which: its words are more use than "too many".
          return body.details?.running
            ? `${body.error} (retry in ${body.retryAfterSeconds ?? 60} s)`
            : rateLimitedText(body.retryAfterSeconds);
        case "INTERNAL":
          return `The server failed on our side, not yours${body.requestId ? ` (request ${body.requestId})` : ""}`;
        default:
          break;
      }
      const issues = body.issues?.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)) ?? [];
      return issues.length ? `${body.error} (${issues.join("; ")})` : body.error;
    }
    return error.message;
  }
  if (error instanceof TypeError && /fetch|network/i.test(error.message))
    return "The API is not reachable; check that it is running";
  if (error && typeof error === "object" && "shortMessage" in error && typeof error.shortMessage === "string") {
    return error.shortMessage;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

const KNOWN_CODES = new Set<string>([
  "INVALID_INPUT",
  "MALFORMED_JSON",
  "UNSUPPORTED_ENCODING",
  "UNSUPPORTED_MEDIA_TYPE",
  "BODY_TOO_LARGE",
  "UNAUTHENTICATED",
  "CROSS_SITE_REQUEST",
  "HOST_NOT_ALLOWED",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "RATE_LIMITED",
  "LEDGER_REJECTED",
  "LEDGER_UNAVAILABLE",
  "LEDGER_BUSY",
  "INTERNAL",
] satisfies ErrorCode[]);

// Checked by hand rather than with the zod schema: this module is in the first load and zod is not.
function parseApiErrorBody(text: string): ApiErrorBody | null {
  try {
    const body: unknown = JSON.parse(text);
    if (!body || typeof body !== "object" || !("error" in body) || typeof body.error !== "string") return null;
    const issues =
      "issues" in body && Array.isArray(body.issues)
        ? body.issues.filter(
            (i): i is { path: string; message: string } =>
              !!i && typeof i === "object" && typeof i.path === "string" && typeof i.message === "string",
          )
        : undefined;
    const code =
      "code" in body && typeof body.code === "string" && KNOWN_CODES.has(body.code) ? (body.code as ErrorCode) : null;
    const retryAfterSeconds =
      "retryAfterSeconds" in body && typeof body.retryAfterSeconds === "number" ? body.retryAfterSeconds : undefined;
    const requestId = "requestId" in body && typeof body.requestId === "string" ? body.requestId : undefined;
    const ledger =
      "ledger" in body && (body.ledger === "ethereum" || body.ledger === "stellar" || body.ledger === "xrpl")
        ? body.ledger
        : undefined;
    // Figures behind a refusal (text values only), e.g. the faucet's nextClaimAt.
    const details =
      "details" in body && body.details && typeof body.details === "object" && !Array.isArray(body.details)
        ? Object.fromEntries(
            Object.entries(body.details).filter((e): e is [string, string] => typeof e[1] === "string"),
          )
        : undefined;
    return { code, error: body.error, issues, retryAfterSeconds, requestId, ledger, ...(details ? { details } : {}) };
  } catch {
    return null;
  }
}
