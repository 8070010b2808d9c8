// The HTTP plumbing on a bare Express app: validation errors, body-parser errors, 404s and 500s.
import express from "express";
import zlib from "node:zlib";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LedgerRejectedError, LedgerUnreachableError } from "../ledgers/types";
import { errorHandler } from "./error-handler";
import { HttpError } from "./errors";
import { jsonBody } from "./json-body";
import { notFoundHandler } from "./not-found";
import { route, mountRoutes } from "./route";
import { parseBody, parseQuery } from "./validate";

function app() {
  const a = express();
  a.use(jsonBody("1kb"));
  const body = z.strictObject({ amount: z.number().positive(), nested: z.object({ flag: z.boolean() }).optional() });
  a.post("/api/echo", (req, res) => void res.json(parseBody(body, req)));
  a.get("/api/query", (req, res) => void res.json(parseQuery(z.strictObject({ n: z.coerce.number().int() }), req)));
  a.get("/api/teapot", () => {
    throw new HttpError("CONFLICT", "short and stout");
  });
  a.get("/api/rejected", () => {
    throw new LedgerRejectedError("xrpl", "tecUNFUNDED_PAYMENT");
  });
  a.get("/api/unreachable", () => {
    throw new LedgerUnreachableError("stellar", "horizon.example");
  });
  a.get("/api/bug", async () => {
    throw new Error("secret internals");
  });
  const routes = [
    route({
      method: "post",
      path: "/api/routed",
      feature: "test",
      access: "visitor",
      summary: "",
      response: z.object({ ok: z.boolean() }),
      handler: () => ({ ok: true }),
    }),
  ];
  a.use(mountRoutes(routes));
  const notFound = notFoundHandler(routes);
  a.use("/api", notFound);
  a.get("/page", (_req, res) => void res.send("page"));
  a.use(notFound);
  a.use(errorHandler);
  return a;
}

describe("http plumbing", () => {
  it("turns zod issues into dotted paths, one per unknown key", async () => {
    const res = await request(app())
      .post("/api/echo")
      .send({ amount: "abc", nested: { flag: 1 }, extra: 1, other: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid request");
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([
      "amount",
      "extra",
      "nested.flag",
      "other",
    ]);
  });

  it("reports a non-object body on the root path", async () => {
    const res = await request(app()).post("/api/echo").set("content-type", "application/json").send("[1]");
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe("");
  });

  it("answers 415 for a body that is not JSON", async () => {
    const res = await request(app()).post("/api/echo").set("content-type", "text/plain").send("amount=1");
    expect(res.status).toBe(415);
    expect(res.body.error).toMatch(/application\/json/);
  });

  it("answers 400 for a missing body", async () => {
    const res = await request(app()).post("/api/echo");
    expect(res.status).toBe(400);
    expect(res.body.issues[0]).toMatchObject({ path: "" });
  });

  it("answers 400 for malformed JSON and 413 for a body over the limit", async () => {
    const bad = await request(app()).post("/api/echo").set("content-type", "application/json").send('{"amount": 1,');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Malformed JSON");
    const big = await request(app())
      .post("/api/echo")
      .set("content-type", "application/json")
      .send(JSON.stringify({ amount: 1, pad: "x".repeat(5000) }));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({
      code: "BODY_TOO_LARGE",
      error: "Request body too large",
      issues: [{ path: "", message: "limit is 1024 bytes" }],
    });
  });

  it("validates queries", async () => {
    expect((await request(app()).get("/api/query?n=5")).body).toEqual({ n: 5 });
    const res = await request(app()).get("/api/query?n=x&y=1");
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["n", "y"]);
  });

  it("maps HttpError, ledger errors and bugs", async () => {
    expect((await request(app()).get("/api/teapot")).body).toEqual({ code: "CONFLICT", error: "short and stout" });
    const rejected = await request(app()).get("/api/rejected");
    expect(rejected.status).toBe(502);
    expect(rejected.body).toMatchObject({ code: "LEDGER_REJECTED", error: "tecUNFUNDED_PAYMENT", ledger: "xrpl" });
    const unreachable = await request(app()).get("/api/unreachable");
    expect(unreachable.status).toBe(503);
    expect(unreachable.body).toMatchObject({ code: "LEDGER_UNAVAILABLE", ledger: "stellar", retryAfterSeconds: 10 });
    expect(unreachable.headers["retry-after"]).toBe("10");
    const bug = await request(app()).get("/api/bug");
    expect(bug.status).toBe(500);
    expect(bug.body).toMatchObject({ code: "INTERNAL", error: "Internal server error" });
    expect(JSON.stringify(bug.body)).not.toMatch(/secret internals|at /);
  });

  it("answers unknown /api paths with JSON 404", async () => {
    const res = await request(app()).delete("/api/nope?x=1");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: "NOT_FOUND", error: "Not found: DELETE /api/nope" });
  });

  it("answers a wrong method on a known path with 405 and Allow, in the one shape", async () => {
    const res = await request(app()).get("/api/routed");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("POST");
    expect(res.body).toEqual({
      code: "METHOD_NOT_ALLOWED",
      error: "GET is not allowed on /api/routed",
      allow: ["POST"],
    });
    const put = await request(app()).put("/page");
    expect(put.status).toBe(404);
    expect(put.body.code).toBe("NOT_FOUND");
    const odd = await request(app()).put("//api//x");
    expect(odd.status).toBe(404);
    expect(odd.headers["content-type"]).toMatch(/json/);
  });

  it("refuses a compressed body with 415 instead of failing on it", async () => {
    for (const encoding of ["gzip", "deflate", "br"]) {
      const res = await request(app())
        .post("/api/echo")
        .set("content-type", "application/json")
        .set("content-encoding", encoding)
        .send("not compressed");
      expect(res.status).toBe(415);
      expect(res.body.code).toBe("UNSUPPORTED_ENCODING");
    }
    const real = await request(app())
      .post("/api/echo")
      .set("content-type", "application/json")
      .set("content-encoding", "gzip")
      .send(zlib.gzipSync('{"amount":1}'));
    expect(real.status).toBe(415);
  });

  it("keeps a number a double cannot hold as its text, so the schema refuses it", async () => {
    const res = await request(app())
      .post("/api/echo")
      .set("content-type", "application/json")
      .send('{"amount": 99.99999999999999999999999}');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe("amount");
    const proto = await request(app())
      .post("/api/echo")
      .set("content-type", "application/json")
      .send('{"amount": 1, "__proto__": {"nested": {"flag": true}}}');
    expect(proto.status).toBe(400);
    expect(proto.body.issues).toEqual([{ path: "__proto__", message: "is not an accepted field" }]);
  });
});
