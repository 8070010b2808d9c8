import { vi } from "vitest";
import { authContract } from "../components/session/contract";

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

/** GET /api/auth/access as the API answers it by default: loopback only, OPERATOR_ADDRESSES unset, nobody signed in. */
export const OPEN_ACCESS = {
  mode: "open-loopback",
  openReason: "open: this server listens on this machine only",
  address: null,
  operator: true,
  operatorBy: "open",
  operatorCount: 0,
} as const;

/**
 * Replaces global fetch with a router of `"METHOD /path"` handlers. Unknown requests answer 404, the
 * way the API does; nothing reaches a network. Returns the spy and the list of requests seen. GET
 * /api/auth/access answers OPEN_ACCESS unless the test routes it.
 */
export function stubFetch(routes: Record<string, FakeRoute>) {
  const requests: FakeRequest[] = [];
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === "string" ? input : input instanceof URL ? input.href : input.url,
      "http://localhost",
    );
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    const req = { method, url, body };
    const route = routes[`${method} ${url.pathname}`] ?? routes[`${method} ${url.origin}${url.pathname}`];
    // Every operator or wallet gate reads the access rule; unless a test says otherwise, the server's default
    // answers it (and is not counted among the requests the test looks at).
    if (!route && method === "GET" && url.pathname === authContract.access.path) return json(OPEN_ACCESS);
    requests.push(req);
    return route ? route(req) : json({ error: `No route ${method} ${url.pathname}` }, 404);
  });
  vi.stubGlobal("fetch", spy);
  return { spy, requests };
}
