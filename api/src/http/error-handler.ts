// The one place errors become responses. Expected errors keep their status; anything else is a bug,
// logged with its stack and answered with a request id the operator can search the logs for.
import type { ErrorRequestHandler } from "express";
import { LedgerRejectedError, LedgerUnreachableError } from "../ledgers/types";
import { HttpError } from "./errors";

/** The shape body-parser gives its errors (express.json). */
interface BodyParserError extends Error {
  type: string;
  status?: number;
  limit?: number;
  length?: number;
}
const isBodyParserError = (e: unknown): e is BodyParserError =>
  e instanceof Error && typeof (e as { type?: unknown }).type === "string" && "status" in e;

export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);

  if (err instanceof HttpError) {
    res.status(err.status).json(err.toJSON());
    return;
  }
  if (isBodyParserError(err)) {
    switch (err.type) {
      case "entity.parse.failed":
        res.status(400).json({ error: "Malformed JSON", issues: [{ path: "", message: "the body is not valid JSON" }] });
        return;
      case "entity.too.large":
        res.status(413).json({
          error: "Request body too large",
          issues: [{ path: "", message: `limit is ${err.limit} bytes` }],
        });
        return;
      case "encoding.unsupported":
      case "charset.unsupported":
        res.status(415).json({ error: "Unsupported body encoding", issues: [{ path: "", message: err.message }] });
        return;
      case "request.aborted":
        // The client left; nobody reads this answer.
        res.status(400).end();
        return;
      default:
        if (err.status && err.status >= 400 && err.status < 500) {
          res.status(err.status).json({ error: err.message });
          return;
        }
    }
  }
  if (err instanceof LedgerRejectedError) {
    req.log?.warn({ err, ledger: err.ledger }, "ledger rejected the operation");
    res.status(502).json({ error: err.message, ledger: err.ledger });
    return;
  }
  if (err instanceof LedgerUnreachableError) {
    res.status(503).json({ error: `The ${err.ledger} ledger is not reachable (${err.endpoint})`, ledger: err.ledger });
    return;
  }

  req.log?.error({ err }, "unhandled error");
  res.status(500).json({ error: "Internal server error", requestId: String(req.id ?? "") });
};
