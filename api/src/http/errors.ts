// Expected failures carry their HTTP status; the central error handler turns them into JSON.
import type { ZodError } from "zod";

export interface Issue {
  /** Dotted path of the offending field ("" for the body itself). */
  path: string;
  message: string;
}

export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message);
  }

  toJSON(): { error: string; issues?: Issue[] } {
    return this.issues ? { error: this.message, issues: this.issues } : { error: this.message };
  }
}

export const badRequest = (issues: Issue[], message = "Invalid request") => new HttpError(400, message, issues);

/** A 400 about one field, for checks that need more than the schema (e.g. the configured network). */
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
      for (const key of issue.keys) issues.push({ path: [...base, key].join("."), message: "is not an accepted field" });
    } else {
      issues.push({ path: base.join("."), message: issue.message });
    }
  }
  return badRequest(issues);
}
