// One GET of a public JSON API with a deadline. Errors name the status or the failure, never the URL: FRED's and
// EIA's URLs carry the API key in their query.
export class LiveReadError extends Error {}

export async function getJson(url: string, timeoutMs: number, fetchImpl: typeof fetch = fetch): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  } catch (err) {
    const name = err instanceof Error ? err.name : "";
    if (name === "TimeoutError" || name === "AbortError") throw new LiveReadError(`no answer within ${timeoutMs} ms`);
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : "";
    throw new LiveReadError(
      `unreachable${cause ? ` (${cause.replace(/https?:\/\/\S+/g, "<url>").slice(0, 100)})` : ""}`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new LiveReadError(`HTTP ${res.status}`);
  }
  try {
    return await res.json();
  } catch {
    throw new LiveReadError("the answer is not JSON");
  }
}
