// Reads JSON bodies. Three differences from express.json(): numbers keep their exact text where a double
// would change them (see UnsafeNumber), a compressed body is refused (415) rather than inflated, and
// "__proto__" stays a plain key (lossless-json never assigns prototypes).
import express, { type RequestHandler } from "express";
import { isSafeNumber, parse } from "lossless-json";
import { UnsafeNumber } from "../shared/unsafe-number";
import { HttpError } from "./errors";

const JSON_TYPES = ["application/json", "application/*+json"];

export function jsonBody(limit: string): RequestHandler[] {
  const readText = express.text({ type: JSON_TYPES, limit, inflate: false });
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
