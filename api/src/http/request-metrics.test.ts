// Request metrics: the figures from known samples, the bound on memory, and the middleware on a real
// Express app (route templates, 4xx vs 5xx, requests outside /api left out).
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { errorHandler } from "./error-handler";
import { HttpError } from "./errors";
import { notFoundHandler } from "./not-found";
import { createRequestMetrics, requestMetricsMiddleware } from "./request-metrics";
import { mountRoutes, route } from "./route";

const sample = (durationMs: number, status = 200, route = "GET /api/a", at = 1_700_000_000_000) => ({
  route,
  status,
  durationMs,
  answered: true,
  at,
});

describe("createRequestMetrics", () => {
  it("before any request: zero requests and nulls, not zeros that look like readings", () => {
    expect(createRequestMetrics().snapshot()).toEqual({
      requests: 0,
      avgResponseTimeMs: null,
      p50Ms: null,
      p95Ms: null,
      successRate: null,
      errorRate: null,
      since: null,
    });
  });

  it("mean, median and 95th percentile (nearest rank), success and error rate (5xx) over the samples", () => {
    const m = createRequestMetrics();
    // 1..100 ms: mean 50.5, p50 = the 50th value = 50, p95 = the 95th value = 95
    for (let d = 1; d <= 100; d++)
      m.record(sample(d, d <= 3 ? 503 : d <= 10 ? 404 : 200, "GET /api/a", 1_700_000_000_000 + d));
    expect(m.snapshot()).toEqual({
      requests: 100,
      avgResponseTimeMs: 50.5,
      p50Ms: 50,
      p95Ms: 95,
      successRate: 97,
      errorRate: 3,
      since: new Date(1_700_000_000_001).toISOString(),
    });
  });

  it("a request the client abandoned counts as not successful", () => {
    const m = createRequestMetrics();
    m.record(sample(5));
    m.record({ ...sample(5), answered: false });
    expect(m.snapshot()).toMatchObject({ successRate: 50, errorRate: 50 });
  });

  it("holds only the last `capacity` requests: the oldest fall out and `since` moves", () => {
    const m = createRequestMetrics({ capacity: 4 });
    for (let i = 0; i < 10; i++) m.record(sample(i === 9 ? 1000 : 10, i < 6 ? 500 : 200, "GET /api/a", 1000 * i));
    const s = m.snapshot();
    expect(s.requests).toBe(4);
    expect(s.successRate).toBe(100); // the six 500s were the oldest
    expect(s.avgResponseTimeMs).toBe((10 * 3 + 1000) / 4);
    expect(s.p95Ms).toBe(1000);
    expect(s.since).toBe(new Date(6000).toISOString());
  });

  it("per route, busiest first", () => {
    const m = createRequestMetrics();
    m.record(sample(10, 200, "GET /api/a"));
    m.record(sample(30, 200, "GET /api/a"));
    m.record(sample(7, 500, "POST /api/b"));
    expect(m.byRoute()).toEqual([
      {
        route: "GET /api/a",
        requests: 2,
        avgResponseTimeMs: 20,
        p50Ms: 10,
        p95Ms: 30,
        successRate: 100,
        errorRate: 0,
      },
      { route: "POST /api/b", requests: 1, avgResponseTimeMs: 7, p50Ms: 7, p95Ms: 7, successRate: 0, errorRate: 100 },
    ]);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => createRequestMetrics({ capacity: 0 })).toThrow(RangeError);
  });
});

describe("requestMetricsMiddleware", () => {
  function app() {
    const metrics = createRequestMetrics();
    const a = express();
    a.use(requestMetricsMiddleware(metrics));
    const routes = [
      route({
        method: "get",
        path: "/api/things/:id",
        feature: "t",
        access: "visitor",
        summary: "",
        response: z.object({ id: z.string() }),
        handler: ({ req }) => ({ id: String(req.params.id) }),
      }),
      route({
        method: "get",
        path: "/api/broken",
        feature: "t",
        access: "visitor",
        summary: "",
        response: z.object({}),
        handler: () => {
          throw new Error("a bug");
        },
      }),
      route({
        method: "post",
        path: "/api/busy",
        feature: "t",
        access: "visitor",
        summary: "",
        response: z.object({}),
        handler: () => {
          throw new HttpError("CONFLICT", "already running");
        },
      }),
    ];
    a.use(mountRoutes(routes));
    a.use("/api", notFoundHandler(routes));
    a.get("/page", (_req, res) => void res.send("page"));
    a.use(errorHandler);
    return { a, metrics };
  }

  it("records each /api request under its route template, with its status; the web app's paths are not counted", async () => {
    const { a, metrics } = app();
    await request(a).get("/api/things/1").expect(200);
    await request(a).get("/api/things/0xabc").expect(200);
    await request(a).get("/API/Things/2?x=1").expect(200); // matched in any case, so counted in any case
    await request(a).get("/api/broken").expect(500);
    await request(a).post("/api/busy").expect(409);
    await request(a).get("/api/nowhere").expect(404);
    await request(a).get("/page").expect(200);

    expect(metrics.byRoute().map(({ route, requests, successRate }) => ({ route, requests, successRate }))).toEqual([
      { route: "GET /api/things/:id", requests: 3, successRate: 100 },
      { route: "GET /api/broken", requests: 1, successRate: 0 },
      { route: "POST /api/busy", requests: 1, successRate: 100 },
      { route: "GET (unmatched)", requests: 1, successRate: 100 },
    ]);
    const s = metrics.snapshot();
    expect(s.requests).toBe(6);
    expect(s.successRate).toBe(83.33); // the one 500 of six
    expect(s.avgResponseTimeMs).toBeGreaterThan(0);
    expect(s.p95Ms).toBeGreaterThanOrEqual(Math.min(...metrics.byRoute().map((r) => r.p95Ms!)));
  });
});
