// A page gets helmet's document headers; a JSON answer under /api (in any case) the five that mean something for
// it, with a CSP that allows nothing, which still passes the security suite's header checks (a policy, nosniff).
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { API_CONTENT_SECURITY_POLICY, securityHeaders } from "./security-headers";

const app = express();
app.use(
  securityHeaders({ contentSecurityPolicy: { directives: { connectSrc: ["'self'", "http://127.0.0.1:8545"] } } }),
);
app.get(/.*/, (_req, res) => void res.json({ ok: true }));

describe("security headers", () => {
  it("a page carries helmet's document headers, its CSP with the page's sources", async () => {
    const res = await request(app).get("/multi-blockchain-minting");
    expect(res.headers["content-security-policy"]).toContain("connect-src 'self' http://127.0.0.1:8545");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    for (const h of ["x-frame-options", "cross-origin-opener-policy", "origin-agent-cluster", "x-content-type-options"])
      expect(res.headers[h], h).toBeDefined();
  });

  it.each(["/api/unified/status", "/API/Unified/Status", "/api"])("%s: the API's five headers", async (path) => {
    const res = await request(app).get(path);
    expect(res.headers["content-security-policy"]).toBe(API_CONTENT_SECURITY_POLICY);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    for (const h of ["x-frame-options", "cross-origin-opener-policy", "origin-agent-cluster", "x-xss-protection"])
      expect(res.headers[h], h).toBeUndefined();
  });

  it("a path that only begins like the API's is a page", async () => {
    const res = await request(app).get("/apiary");
    expect(res.headers["x-frame-options"]).toBeDefined();
    expect(res.headers["content-security-policy"]).not.toBe(API_CONTENT_SECURITY_POLICY);
  });
});
