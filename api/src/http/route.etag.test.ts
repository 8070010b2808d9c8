// Conditional GETs on mounted routes: every JSON answer carries a weak ETag of its bytes; a request naming it in
// If-None-Match gets 304 with no body, any other (a changed answer, another tag, a write) the full answer.
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { etagMatches, mountRoutes, route } from "./route";

function app(state: { value: number }) {
  const a = express();
  const response = z.object({ value: z.number() });
  a.use(
    mountRoutes([
      route({
        method: "get",
        path: "/api/value",
        feature: "test",
        access: "visitor",
        summary: "",
        response,
        handler: () => ({ value: state.value }),
      }),
      route({
        method: "post",
        path: "/api/value",
        feature: "test",
        access: "visitor",
        summary: "",
        response,
        write: true,
        handler: () => ({ value: ++state.value }),
      }),
      route({
        method: "get",
        path: "/api/created",
        feature: "test",
        access: "visitor",
        summary: "",
        response,
        statuses: [202],
        handler: () => ({ status: 202, body: { value: 1 } }),
      }),
    ]),
  );
  return a;
}

describe("ETag and 304 on GET routes", () => {
  it("answers 304 without a body when If-None-Match names the current answer, 200 with the body otherwise", async () => {
    const state = { value: 1 };
    const a = app(state);
    const first = await request(a).get("/api/value").expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(first.body).toEqual({ value: 1 });

    const same = await request(a).get("/api/value").set("If-None-Match", etag).expect(304);
    expect(same.text).toBe("");
    expect(same.headers.etag).toBe(etag);
    // In a list, strong or weak, or "*": still the current answer.
    await request(a)
      .get("/api/value")
      .set("If-None-Match", `"other", ${etag.slice(2)}`)
      .expect(304);
    await request(a).get("/api/value").set("If-None-Match", "*").expect(304);
    await request(a).head("/api/value").set("If-None-Match", etag).expect(304);

    await request(a).get("/api/value").set("If-None-Match", 'W/"another"').expect(200, { value: 1 });

    // The answer changed: the old tag no longer matches, the new one does.
    await request(a).post("/api/value").expect(200, { value: 2 });
    const changed = await request(a).get("/api/value").set("If-None-Match", etag).expect(200, { value: 2 });
    expect(changed.headers.etag).not.toBe(etag);
    await request(a)
      .get("/api/value")
      .set("If-None-Match", changed.headers.etag as string)
      .expect(304);
  });

  it("never answers 304 to a write or to a success other than 200", async () => {
    const a = app({ value: 1 });
    const posted = await request(a).post("/api/value").expect(200);
    await request(a)
      .post("/api/value")
      .set("If-None-Match", posted.headers.etag as string)
      .expect(200);
    const accepted = await request(a).get("/api/created").expect(202);
    await request(a)
      .get("/api/created")
      .set("If-None-Match", accepted.headers.etag as string)
      .expect(202, { value: 1 });
  });

  it("compares tags weakly", () => {
    expect(etagMatches(undefined, 'W/"a"')).toBe(false);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"b", W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('W/"ab"', 'W/"a"')).toBe(false);
  });
});
