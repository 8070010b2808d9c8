// Which operations a run reached: requests matched to the document's templates (literal paths before
// parameters), the reads left to the sweep, and the operations not reached with why.
import { describe, expect, it } from "vitest";
import { operationsReached, sweepTargets, unprobedOperations } from "./coverage";
import type { SurfaceOperation } from "./openapi-surface";

const op = (method: string, template: string, over: Partial<SurfaceOperation> = {}): SurfaceOperation => ({
  method,
  template,
  write: method !== "GET",
  walletBound: false,
  access: "visitor",
  hasBody: false,
  pathParams: [],
  query: [],
  bodyFields: [],
  summary: "",
  ...over,
});
const OPS = [
  op("GET", "/api/things/latest"),
  op("GET", "/api/things/{id}"),
  op("POST", "/api/things/{id}/close", { walletBound: true, access: "wallet" }),
  op("GET", "/api/status"),
  op("GET", "/api/security/xss-test", { write: true, walletBound: true, access: "operator" }),
  op("GET", "/api/mine", { walletBound: true, access: "wallet" }),
];

describe("coverage", () => {
  it("matches sent requests to operations: a literal path is its own operation, a parameter fills a template", () => {
    const reached = operationsReached(OPS, [
      { method: "GET", path: "/api/things/latest" },
      { method: "POST", path: "/api/things/%ff%fe/close" },
      { method: "DELETE", path: "/api/things/1" },
      { method: "GET", path: "/api/nowhere" },
    ]);
    expect([...reached].sort()).toEqual(["GET /api/things/latest", "POST /api/things/{id}/close"]);
  });

  it("sweeps only the plain reads no check reached (no write, no session, no operator route)", () => {
    const reached = new Set(["GET /api/things/latest"]);
    expect(sweepTargets(OPS, reached).map((o) => `${o.method} ${o.template}`)).toEqual([
      "GET /api/things/{id}",
      "GET /api/status",
    ]);
  });

  it("lists each operation not reached: out of scope with its reason, or not reached and why", () => {
    const reached = new Set([
      "GET /api/things/latest",
      "GET /api/things/{id}",
      "POST /api/things/{id}/close",
      "GET /api/status",
    ]);
    const out = new Map([["GET /api/security/xss-test", "operator route left open by the target"]]);
    expect(unprobedOperations(OPS, reached, out, null, false)).toEqual([
      { operation: "GET /api/security/xss-test", outOfScope: true, reason: "operator route left open by the target" },
      { operation: "GET /api/mine", outOfScope: false, reason: "not reached by any check" },
    ]);
    expect(unprobedOperations(OPS, reached, new Map(), "time budget of 25000 ms reached", false)[1]).toMatchObject({
      outOfScope: false,
      reason: "not reached: time budget of 25000 ms reached",
    });
  });
});
