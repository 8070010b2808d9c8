// The HTTP plumbing on a bare Express app: validation errors, body-parser errors, 404s and 500s.
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LedgerRejectedError, LedgerUnreachableError } from "../ledgers/types";
import { errorHandler } from "./error-handler";
import { HttpError } from "./errors";
import { apiNotFound } from "./not-found";
import { parseBody, parseQuery } from "./validate";

function app() {
  const a = express();
  a.use(express.json({ limit: "1kb" }));
  const body = z.strictObject({ amount: z.number().positive(), nested: z.object({ flag: z.boolean() }).optional() });
  a.post("/api/echo", (req, res) => void res.json(parseBody(body, req)));
  a.get("/api/query", (req, res) => void res.json(parseQuery(z.strictObject({ n: z.coerce.number().int() }), req)));
  a.get("/api/teapot", () => {
    throw new HttpError(418, "short and stout");
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
  a.use("/api", apiNotFound);
  a.use(errorHandler);
  return a;
}

describe("http plumbing", () => {
  it("turns zod issues into dotted paths, one per unknown key", async () => {
    const res = await request(app()).post("/api/echo").send({ amount: "abc", nested: { flag: 1 }, extra: 1, other: 2 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid request");
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["amount", "extra", "nested.flag", "other"]);
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
    const big = await request(app()).post("/api/echo").set("content-type", "application/json").send(JSON.stringify({ amount: 1, pad: "x".repeat(5000) }));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ error: "Request body too large", issues: [{ path: "", message: "limit is 1024 bytes" }] });
  });

  it("validates queries", async () => {
    expect((await request(app()).get("/api/query?n=5")).body).toEqual({ n: 5 });
    const res = await request(app()).get("/api/query?n=x&y=1");
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual(["n", "y"]);
  });

  it("maps HttpError, ledger errors and bugs", async () => {
    expect((await request(app()).get("/api/teapot")).status).toBe(418);
    const rejected = await request(app()).get("/api/rejected");
    expect(rejected.status).toBe(502);
    expect(rejected.body).toEqual({ error: "tecUNFUNDED_PAYMENT", ledger: "xrpl" });
    expect((await request(app()).get("/api/unreachable")).status).toBe(503);
    const bug = await request(app()).get("/api/bug");
    expect(bug.status).toBe(500);
    expect(bug.body.error).toBe("Internal server error");
    expect(JSON.stringify(bug.body)).not.toMatch(/secret internals|at /);
  });

  it("answers unknown /api paths with JSON 404", async () => {
    const res = await request(app()).delete("/api/nope?x=1");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: "Not found: DELETE /api/nope" });
  });
});
