import type { z } from "zod";
import { json, stubFetch } from "../testing/fake-api";
import { ApiRequestError, ApiUnreachableError, apiRequest, describeError } from "./api-client";

type OkSchema = z.ZodObject<{ ok: z.ZodLiteral<true> }>;

describe("apiRequest", () => {
  it("sends credentials and a JSON body only when there is a payload", async () => {
    const { spy } = stubFetch({ "POST /api/x": () => json({ ok: true }), "GET /api/x": () => json({ ok: true }) });
    await apiRequest("/api/x", { method: "POST", body: { a: 1 } });
    await apiRequest("/api/x", {});
    const [, post] = spy.mock.calls[0]!;
    const [, get] = spy.mock.calls[1]!;
    expect(post).toMatchObject({ method: "POST", credentials: "include", body: '{"a":1}' });
    expect(post?.headers).toMatchObject({ "Content-Type": "application/json" });
    expect(get).toMatchObject({ method: "GET", credentials: "include", body: undefined });
    expect(get?.headers).not.toHaveProperty("Content-Type");
  });

  it("throws `status: body text` on a non-OK response", async () => {
    stubFetch({ "GET /api/x": () => new Response('{"error":"nope"}', { status: 400, statusText: "Bad Request" }) });
    const error = await apiRequest("/api/x", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toBe('400: {"error":"nope"}');
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch({ "GET /api/x": () => new Response("", { status: 503, statusText: "Service Unavailable" }) });
    await expect(apiRequest("/api/x", {})).rejects.toThrow("503: Service Unavailable");
  });

  it("returns null on 401 only when asked to", async () => {
    stubFetch({ "GET /api/me": () => new Response("unauthorised", { status: 401, statusText: "Unauthorized" }) });
    await expect(apiRequest("/api/me", { returnNullOn401: true })).resolves.toBeNull();
    await expect(apiRequest("/api/me", {})).rejects.toThrow("401: unauthorised");
  });

  it("returns the API's JSON as it came, and refuses a 200 that is not JSON", async () => {
    stubFetch({ "GET /api/x": () => json({ ok: true }), "GET /api/html": () => new Response("<!doctype html>", { status: 200 }) });
    await expect(apiRequest<OkSchema>("/api/x")).resolves.toEqual({ ok: true });
    await expect(apiRequest("/api/html")).rejects.toThrow("Unexpected response from GET /api/html: not JSON");
  });
});

describe("describeError", () => {
  it("shows the API's error and issues", () => {
    const body = JSON.stringify({ error: "Invalid request body", issues: [{ path: "ethAmount", message: "must be at least 0.0001 ETH" }] });
    expect(describeError(new ApiRequestError(400, "Bad Request", body))).toBe("Invalid request body (ethAmount: must be at least 0.0001 ETH)");
  });
  it("keeps the status line when the body is not the API's JSON", () => {
    expect(describeError(new ApiRequestError(502, "Bad Gateway", "<html>"))).toBe("502: <html>");
  });
  it("reads the error code: a rate limit and our own bug are not 'your input'", () => {
    const limited = new ApiRequestError(429, "Too Many Requests", JSON.stringify({ code: "RATE_LIMITED", error: "Too many", retryAfterSeconds: 9 }));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(describeError(limited)).toBe("Too many requests, try again in 9 s");
    expect(describeError(new ApiRequestError(500, "x", JSON.stringify({ code: "INTERNAL", error: "Internal server error", requestId: "r1" })))).toBe(
      "The server failed on our side, not yours (request r1)",
    );
  });
  it("says the API is not reachable when fetch itself fails, and gives up after the timeout", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    const offline = await apiRequest("/api/x", {}).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiUnreachableError);
    expect(describeError(offline)).toBe("The API is not reachable; check that it is running");
    vi.stubGlobal(
      "fetch",
      vi.fn((_input: unknown, init?: RequestInit) => new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))))),
    );
    const slow = await apiRequest("/api/x", { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ name: "ApiUnreachableError", reason: "timeout" });
  });
  it("prefers a wallet error's short message", () => {
    expect(describeError(Object.assign(new Error("long"), { shortMessage: "User rejected the request." }))).toBe("User rejected the request.");
  });
});
