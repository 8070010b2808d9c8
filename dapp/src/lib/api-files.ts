// The API's non-JSON exchanges: a multipart upload and a download of bytes. They take apiRequest's road (`send`:
// the timeout, the caller's abort, ApiRequestError with the API's error body) but live in their own module, so
// the entry chunk every page loads (api-client.ts is in it) does not carry them: only the pages that upload or
// download import this.
import type { z } from "zod";
import type { Endpoint, EndpointInput, EndpointOutput } from "../../../api/src/http/endpoint";
import { urlOf } from "../../../api/src/http/endpoint";
import { API_TIMEOUT_MS, ApiRequestError, ApiUnreachableError, readJson, send } from "./api-client";

type FileOptions = { signal?: AbortSignal; timeoutMs?: number };

/** An upload endpoint of a feature's contract (declared `multipart: true`): the form goes to its path, its answer is typed by it. */
export const postForm = <E extends Endpoint & { method: "post"; multipart: true }>(
  endpoint: E,
  form: FormData,
  options: FileOptions = {},
): Promise<EndpointOutput<E>> =>
  // The answer is the API's, parsed there with the endpoint's response schema (as callEndpoint reads it).
  apiPostForm(urlOf(endpoint), form, options) as Promise<EndpointOutput<E>>;

/** A download endpoint of a feature's contract (declared `binary`): its path filled in from the params, the query appended. */
export const getFile = <E extends Endpoint & { method: "get"; binary: object }>(
  endpoint: E,
  input: Pick<EndpointInput<E>, "params" | "query">,
  options: FileOptions = {},
): Promise<ApiFile> => apiGetFile(urlOf(endpoint, input), options);

/**
 * A multipart/form-data POST (a file upload), answered with JSON. The browser sets the Content-Type with its
 * boundary, so we set none. `timeoutMs` is the caller's: a 25 MB upload on a slow link takes far past 15 s.
 */
export async function apiPostForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: FileOptions = {},
): Promise<z.output<S>> {
  const response = await send(
    path,
    { method: "POST", headers: { Accept: "application/json" }, body: form },
    { signal: options.signal, timeoutMs: options.timeoutMs ?? API_TIMEOUT_MS },
  );
  return readJson<S>(response, "POST", path);
}

/** A file the API sent as bytes, with the name its Content-Disposition gave (null when it gave none). */
export type ApiFile = { blob: Blob; filename: string | null; contentType: string | null };

/**
 * A GET answered with bytes (application/octet-stream), not JSON. The body is read inside the timeout too:
 * a download that stalls half-way gives up instead of hanging. Errors are the API's JSON body, as for apiRequest.
 */
export async function apiGetFile(path: string, options: FileOptions = {}): Promise<ApiFile> {
  const timeout = new AbortController();
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const onCallerAbort = () => timeout.abort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  try {
    const response = await send(
      path,
      { method: "GET", headers: { Accept: "application/octet-stream, application/json" } },
      { signal: timeout.signal, timeoutMs },
    );
    const blob = await response.blob().catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      throw new ApiUnreachableError(path, timeout.signal.aborted ? "timeout" : "offline", { cause: error });
    });
    return {
      blob,
      filename: filenameFromDisposition(response.headers.get("Content-Disposition")),
      contentType: response.headers.get("Content-Type"),
    };
  } catch (error) {
    // `send` saw our own timer's abort as the caller's: say it as the timeout it was.
    if (
      !options.signal?.aborted &&
      timeout.signal.aborted &&
      !(error instanceof ApiUnreachableError) &&
      !(error instanceof ApiRequestError)
    ) {
      throw new ApiUnreachableError(path, "timeout", { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", onCallerAbort);
  }
}

/** The file name of a Content-Disposition header: RFC 6266's `filename*=UTF-8''…` first, else `filename="…"`. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ""));
    } catch {
      // a malformed escape: fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, "$1") ?? plain?.[2]?.trim();
  return name || null;
}
