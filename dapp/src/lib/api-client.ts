import type { z } from "zod";
import type { ApiError } from "../types/api";

/** A non-OK HTTP response. `message` is `${status}: ${body text or statusText}` (spec part 1 §7). */
export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }
}

type RequestOptions<S extends z.ZodType> = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  schema: S;
  signal?: AbortSignal;
  /** Answer a 401 with null instead of throwing. */
  returnNullOn401?: boolean;
};

export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S> & { returnNullOn401: true }): Promise<z.output<S> | null>;
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>>;
export async function apiRequest<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S> | null> {
  const { method = "GET", body, schema, signal, returnNullOn401 } = options;
  const hasBody = body !== undefined;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json", Accept: "application/json" } : { Accept: "application/json" },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (response.status === 401 && returnNullOn401) return null;
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiRequestError(response.status, response.statusText, text);
  }
  const json: unknown = await response.json();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first?.path.length ? ` at ${first.path.join(".")}` : "";
    throw new Error(`Unexpected response from ${method} ${path}${where}: ${first?.message ?? "invalid body"}`);
  }
  return parsed.data;
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) => apiRequest(path, { schema, signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S) => apiRequest(path, { method: "POST", body, schema }),
};

/**
 * The most useful text for a person: the API's `error` and its issues when the body is the API's JSON
 * error shape, a wallet/viem `shortMessage`, or the error's message.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body = parseApiErrorBody(error.bodyText);
    if (body) {
      const issues = body.issues?.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)) ?? [];
      return issues.length ? `${body.error} (${issues.join("; ")})` : body.error;
    }
    return error.message;
  }
  if (error && typeof error === "object" && "shortMessage" in error && typeof error.shortMessage === "string") {
    return error.shortMessage;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

// Checked by hand rather than with the zod schema: this module is in the first load and zod is not.
function parseApiErrorBody(text: string): Pick<ApiError, "error" | "issues"> | null {
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
    return { error: body.error, issues };
  } catch {
    return null;
  }
}
