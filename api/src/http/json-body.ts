// Reads JSON bodies. Three differences from express.json(): numbers keep their exact text where a double
// would change them (see UnsafeNumber), a compressed body is refused (415) rather than inflated, and
// "__proto__" stays a plain key (lossless-json never assigns prototypes).
import express, { type Request, type RequestHandler } from "express";
import { isSafeNumber, parse } from "lossless-json";
import { UnsafeNumber } from "../shared/unsafe-number";
import { HttpError } from "./errors";

const JSON_TYPES = ["application/json", "application/*+json"];

/** type-is's rule (which body-parser applies first): a body is announced by Transfer-Encoding or Content-Length. */
const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined ||
  !Number.isNaN(Number.parseInt(req.headers["content-length"] ?? "", 10));

export function jsonBody(limit: string): RequestHandler[] {
  const text = express.text({ type: JSON_TYPES, limit, inflate: false });
  // A request without a body (every GET a page polls) skips body-parser and its allocations altogether.
  const readText: RequestHandler = (req, res, next) => (hasBody(req) ? text(req, res, next) : next());
  const parseText: RequestHandler = (req, _res, next) => {
    if (typeof req.body !== "string") return next();
    if (req.body.trim() === "") {
      req.body = undefined;
      return next();
    }
    try {
      req.body = parse(req.body, null, (text) => (isSafeNumber(text) ? Number(text) : new UnsafeNumber(text)));
      next();
    } catch (err) {
      next(
        new HttpError("MALFORMED_JSON", "Malformed JSON", {
          issues: [{ path: "", message: "the body is not valid JSON" }],
          cause: err,
        }),
      );
    }
  };
  return [readText, parseText];
}
