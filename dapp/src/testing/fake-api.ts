import { vi } from "vitest";

export type FakeRequest = { method: string; url: URL; body: unknown };
export type FakeReply = Response | Promise<Response>;
export type FakeRoute = (req: FakeRequest) => FakeReply;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A deferred reply, for holding a request pending while the test looks at the page. */
export function deferred<T = Response>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Replaces global fetch with a router of `"METHOD /path"` handlers. Unknown requests answer 404, the
 * way the API does; nothing reaches a network. Returns the spy and the list of requests seen.
 */
export function stubFetch(routes: Record<string, FakeRoute>) {
  const requests: FakeRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const req = { method, url, body };
    requests.push(req);
    const route = routes[`${method} ${url.pathname}`] ?? routes[`${method} ${url.origin}${url.pathname}`];
    return route ? route(req) : json({ error: `No route ${method} ${url.pathname}` }, 404);
  });
  vi.stubGlobal("fetch", spy);
  return { spy, requests };
}
