// The one place errors become responses, all in the shape of error-body.ts. Expected errors keep their
// code; anything else is a bug, logged with its stack and answered 500 with a request id the operator can
// search the logs for.
import type { ErrorRequestHandler } from "express";
import { LedgerBusyError, LedgerRejectedError, LedgerUnreachableError } from "../ledgers/types";
import { HttpError, sendError } from "./errors";
import { scrubText } from "../logger";

/** The shape body-parser gives its errors (express.text / express.json). */
interface BodyParserError extends Error {
  type: string;
  status?: number;
  limit?: number;
}
const isBodyParserError = (e: unknown): e is BodyParserError =>
  e instanceof Error && typeof (e as { type?: unknown }).type === "string" && "status" in e;

function fromBodyParser(err: BodyParserError): HttpError | null {
  switch (err.type) {
    case "entity.too.large":
      return new HttpError("BODY_TOO_LARGE", "Request body too large", {
        issues: [{ path: "", message: `limit is ${err.limit} bytes` }],
      });
    case "encoding.unsupported":
      return new HttpError("UNSUPPORTED_ENCODING", "Unsupported Content-Encoding", {
        issues: [{ path: "", message: "send the body uncompressed (Content-Encoding: identity)" }],
      });
    case "charset.unsupported":
      return new HttpError("UNSUPPORTED_MEDIA_TYPE", "Unsupported charset", {
        issues: [{ path: "", message: "send the body as UTF-8" }],
      });
    case "request.size.invalid":
    case "request.aborted":
      return new HttpError("MALFORMED_JSON", "The body ended before its declared length", {
        issues: [{ path: "", message: err.message }],
      });
    default:
      return err.status && err.status >= 400 && err.status < 500
        ? new HttpError("MALFORMED_JSON", "The body could not be read", {
            issues: [{ path: "", message: err.message }],
          })
        : null;
  }
}

/** The router's refusal of a path parameter that is not valid percent-encoding (`%ff%fe`, a lone `%`). */
function fromBadPathEncoding(err: unknown): HttpError | null {
  if (!(err instanceof URIError) || (err as { status?: unknown }).status !== 400) return null;
  return new HttpError("INVALID_INPUT", "The path is not valid percent-encoding", {
    issues: [{ path: "", message: "a path parameter holds a % that is not followed by two hex digits of UTF-8" }],
  });
}

/** A ledger error as the client sees it: never its fault, with when to come back. */
function fromLedger(err: unknown): HttpError | null {
  if (err instanceof LedgerRejectedError) {
    return new HttpError("LEDGER_REJECTED", err.message, { ledger: err.ledger, cause: err });
  }
  if (err instanceof LedgerBusyError) {
    return new HttpError("LEDGER_BUSY", err.message, {
      ledger: err.ledger,
      retryAfterSeconds: err.retryAfterSeconds,
      cause: err,
    });
  }
  if (err instanceof LedgerUnreachableError) {
    return new HttpError("LEDGER_UNAVAILABLE", `The ${err.ledger} ledger is not reachable (${err.endpoint})`, {
      ledger: err.ledger,
      retryAfterSeconds: 10,
      cause: err,
    });
  }
  return null;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const requestId = req.id !== undefined ? String(req.id) : undefined;
  const known =
    err instanceof HttpError
      ? err
      : isBodyParserError(err)
        ? fromBodyParser(err)
        : (fromBadPathEncoding(err) ?? fromLedger(err));
  if (known) {
    if (known.code === "LEDGER_REJECTED")
      req.log?.warn(
        { ledger: known.options.ledger, reason: scrubText(known.message) },
        "ledger rejected the operation",
      );
    if (known.status >= 500) sendError(res, known, requestId);
    else sendError(res, known);
    return;
  }
  // serializeError (logger.ts): type, scrubbed message and stack frames; never the causes' request bodies.
  req.log?.error({ err }, "unhandled error");
  sendError(res, new HttpError("INTERNAL", "Internal server error"), requestId ?? "");
};
