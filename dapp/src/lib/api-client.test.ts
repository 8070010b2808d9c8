import type { z } from "zod";
import { json, stubFetch } from "../testing/fake-api";
import { ApiRequestError, ApiUnreachableError, apiRequest, describeError } from "./api-client";
import { qIsolatorContract } from "../../../api/src/features/q-isolator/q-isolator.contract";
import { urlOf } from "../../../api/src/http/endpoint";
import { apiPostForm, filenameFromDisposition, getFile } from "./api-files";

// A download endpoint of the API's contracts (binary): the tests ask it through getFile, as the pages do.
const CID = "bafkreiexample";
const envelope = (options?: Parameters<typeof getFile>[2]) =>
  getFile(qIsolatorContract.envelope, { params: { cid: CID } }, options);
const ENVELOPE = `GET ${urlOf(qIsolatorContract.envelope, { params: { cid: CID } })}`;

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

  it("throws a 401 like any other refusal", async () => {
    stubFetch({ "GET /api/me": () => new Response("unauthorised", { status: 401, statusText: "Unauthorized" }) });
    await expect(apiRequest("/api/me", {})).rejects.toThrow("401: unauthorised");
  });

  it("returns the API's JSON as it came, and refuses a 200 that is not JSON", async () => {
    stubFetch({
      "GET /api/x": () => json({ ok: true }),
      "GET /api/html": () => new Response("<!doctype html>", { status: 200 }),
    });
    await expect(apiRequest<OkSchema>("/api/x")).resolves.toEqual({ ok: true });
    await expect(apiRequest("/api/html")).rejects.toThrow("Unexpected response from GET /api/html: not JSON");
  });
});

describe("apiPostForm", () => {
  it("posts the FormData as it is, with no Content-Type of ours (the browser adds the boundary), and reads the JSON answer", async () => {
    const { spy } = stubFetch({ "POST /api/upload": () => json({ ok: true }, 201) });
    const form = new FormData();
    form.set("isolationId", "iso-0123456789abcdef");
    form.set("file", new Blob(["hello"]), "hello.txt");
    await expect(apiPostForm<OkSchema>("/api/upload", form)).resolves.toEqual({ ok: true });
    const [, init] = spy.mock.calls[0]!;
    expect(init).toMatchObject({ method: "POST", credentials: "include" });
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty("Content-Type");
  });

  it("throws the API's error body (a 413 with its message), and gives up after its own timeout", async () => {
    stubFetch({
      "POST /api/upload": () => json({ error: "The file is larger than 25 MB", code: "BODY_TOO_LARGE" }, 413),
    });
    const error = await apiPostForm("/api/upload", new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 413, code: "BODY_TOO_LARGE" });
    expect(describeError(error)).toBe("The file is larger than 25 MB");
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      ),
    );
    const slow = await apiPostForm("/api/upload", new FormData(), { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ name: "ApiUnreachableError", reason: "timeout" });
  });
});

describe("getFile (a download endpoint)", () => {
  it("returns the bytes and the name from Content-Disposition", async () => {
    stubFetch({
      [ENVELOPE]: () =>
        new Response(new Uint8Array([1, 2, 255]), {
          status: 200,
          headers: {
            "Content-Type": "application/octet-stream",
            "Content-Disposition": `attachment; filename="report.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
          },
        }),
    });
    const file = await envelope();
    expect(file.filename).toBe("résumé.pdf");
    expect(file.contentType).toBe("application/octet-stream");
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([1, 2, 255]);
  });

  it("throws the API's error body: a superseded version is a CONFLICT", async () => {
    stubFetch({
      [ENVELOPE]: () => json({ error: "This CID is version 1; the current version is 2", code: "CONFLICT" }, 409),
    });
    const error = await envelope().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, code: "CONFLICT" });
  });

  it("says the API is unreachable when fetch fails, and times out a download that never answers", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(envelope()).rejects.toMatchObject({ name: "ApiUnreachableError", reason: "offline" });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      ),
    );
    await expect(envelope({ timeoutMs: 20 })).rejects.toMatchObject({
      name: "ApiUnreachableError",
      reason: "timeout",
    });
  });

  it("keeps the caller's own abort an abort", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      ),
    );
    const caller = new AbortController();
    const pending = envelope({ signal: caller.signal }).catch((e: unknown) => e);
    caller.abort();
    expect(await pending).toMatchObject({ name: "AbortError" });
  });
});

describe("filenameFromDisposition", () => {
  it("reads quoted, bare and RFC 6266 extended names", () => {
    expect(filenameFromDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(filenameFromDisposition("attachment; filename=plain.bin")).toBe("plain.bin");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''%E2%82%AC.txt")).toBe("€.txt");
    expect(filenameFromDisposition("attachment")).toBeNull();
    expect(filenameFromDisposition(null)).toBeNull();
  });
});

describe("describeError", () => {
  it("shows the API's error and issues", () => {
    const body = JSON.stringify({
      error: "Invalid request body",
      issues: [{ path: "ethAmount", message: "must be at least 0.0001 ETH" }],
    });
    expect(describeError(new ApiRequestError(400, "Bad Request", body))).toBe(
      "Invalid request body (ethAmount: must be at least 0.0001 ETH)",
    );
  });
  it("keeps the status line when the body is not the API's JSON", () => {
    expect(describeError(new ApiRequestError(502, "Bad Gateway", "<html>"))).toBe("502: <html>");
  });
  it("reads the error code: a rate limit and our own bug are not 'your input'", () => {
    const limited = new ApiRequestError(
      429,
      "Too Many Requests",
      JSON.stringify({ code: "RATE_LIMITED", error: "Too many", retryAfterSeconds: 9 }),
    );
    expect(limited.code).toBe("RATE_LIMITED");
    expect(describeError(limited)).toBe("Too many requests, try again in 9 s");
    expect(
      describeError(
        new ApiRequestError(
          500,
          "x",
          JSON.stringify({ code: "INTERNAL", error: "Internal server error", requestId: "r1" }),
        ),
      ),
    ).toBe("The server failed on our side, not yours (request r1)");
  });
  it("says the API is not reachable when fetch itself fails, and gives up after the timeout", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const offline = await apiRequest("/api/x", {}).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(ApiUnreachableError);
    expect(describeError(offline)).toBe("The API is not reachable; check that it is running");
    vi.stubGlobal(
      "fetch",
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise((_, reject) =>
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      ),
    );
    const slow = await apiRequest("/api/x", { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ name: "ApiUnreachableError", reason: "timeout" });
  });
  it("prefers a wallet error's short message", () => {
    expect(describeError(Object.assign(new Error("long"), { shortMessage: "User rejected the request." }))).toBe(
      "User rejected the request.",
    );
  });
});
