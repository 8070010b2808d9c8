// Expected failures carry their code; the central error handler turns them into the one JSON shape.
import type { Response } from "express";
import type { ZodError } from "zod";
import { ERROR_CODES, type ApiError, type ErrorCode, type Issue } from "./error-body";

export type { Issue, ErrorCode };

export interface HttpErrorOptions {
  issues?: Issue[];
  ledger?: ApiError["ledger"];
  retryAfterSeconds?: number;
  allow?: string[];
  /** Figures behind the refusal (see ApiError.details). */
  details?: Record<string, string>;
  cause?: unknown;
}

export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.status = ERROR_CODES[code];
  }
  get issues(): Issue[] | undefined {
    return this.options.issues;
  }
  toJSON(): ApiError {
    const { issues, ledger, retryAfterSeconds, allow, details } = this.options;
    return {
      code: this.code,
      error: this.message,
      ...(issues ? { issues } : {}),
      ...(ledger ? { ledger } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      ...(allow ? { allow } : {}),
      ...(details ? { details } : {}),
    };
  }
}

export const badRequest = (issues: Issue[], message = "Invalid request") =>
  new HttpError("INVALID_INPUT", message, { issues });
/** A 400 about one field, for checks that need more than the schema (the configured network, a revert). */
export const fieldError = (path: string, message: string) => badRequest([{ path, message }]);

/**
 * ZodError -> 400 with one issue per field. Unknown keys are split per key so each names its field,
 * rather than a single issue on the body.
 */
export function fromZodError(error: ZodError, prefix: string[] = []): HttpError {
  const issues: Issue[] = [];
  for (const issue of error.issues) {
    const base = [...prefix, ...issue.path.map(String)];
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys)
        issues.push({ path: [...base, key].join("."), message: "is not an accepted field" });
    } else {
      issues.push({ path: base.join("."), message: issue.message });
    }
  }
  return badRequest(issues);
}

/** Writes an error in the one shape, with Retry-After / Allow headers where the error carries them. */
export function sendError(res: Response, error: HttpError, requestId?: string): void {
  const { retryAfterSeconds, allow } = error.options;
  if (retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(retryAfterSeconds));
  if (allow) res.setHeader("Allow", allow.join(", "));
  res.status(error.status).json({ ...error.toJSON(), ...(requestId ? { requestId } : {}) });
}
