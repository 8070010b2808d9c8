// Every body, query and route parameter goes through a zod schema before a handler sees it.
import type { Request } from "express";
import type { z } from "zod";
import { HttpError, fromZodError } from "./errors";

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/**
 * express.json() leaves the body undefined when the request is not JSON; say so rather than report
 * every field as missing.
 */
/** A body sent as something other than JSON (a form, text/plain: what another site's page can send): 415. */
export function refuseNonJson(req: Request): void {
  if (req.body === undefined && req.headers["content-type"] && !req.is("application/json")) {
    throw new HttpError("UNSUPPORTED_MEDIA_TYPE", "Content-Type must be application/json", {
      issues: [{ path: "", message: `got ${req.headers["content-type"]}` }],
    });
  }
}

export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  if (req.body === undefined) {
    refuseNonJson(req);
    throw new HttpError("INVALID_INPUT", "Invalid request", {
      issues: [{ path: "", message: "a JSON body is required" }],
    });
  }
  return parse(schema, req.body);
}

export const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parse(schema, req.query);
export const parseParams = <S extends z.ZodType>(schema: S, req: Request): z.output<S> => parse(schema, req.params);

/**
 * For routes that take no body at all (spec: "none"), not even `{}`: a body is refused before anything runs,
 * so a probe carrying a hostile value never starts the work. `why` is added to the message.
 */
export function requireNoBody(req: Request, why?: string): void {
  if (req.body !== undefined)
    throw new HttpError("INVALID_INPUT", "Invalid request", {
      issues: [{ path: "", message: `this endpoint takes no body${why ? `: ${why}` : ""}` }],
    });
}
