// The moment cache on a real Express app: concurrent readers share one computation, a write this process
// answers (any feature's) makes the next read compute again, a failure is not kept, the moment passes.
import express from "express";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { MomentCache, momentary } from "./moment-cache";
import { countProcessWrites, noteProcessWrite } from "./process-writes";

function app() {
  const state = { value: 0, loads: 0 };
  const read = momentary(async () => {
    state.loads++;
    await new Promise((r) => setTimeout(r, 20));
    return { value: state.value };
  }, 60_000);
  const a = express();
  a.use(countProcessWrites());
  a.get("/read", async (_req, res) => void res.json(await read()));
  // Another feature's write: it knows nothing of the cache.
  a.post("/write", (_req, res) => {
    state.value++;
    res.json({ ok: true });
  });
  return { a, state };
}

describe("MomentCache", () => {
  it("answers concurrent readers with one computation, and the writer's next read shows its write", async () => {
    const { a, state } = app();
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(a).get("/read").expect(200)));
    expect(answers.map((r) => r.body)).toEqual(Array.from({ length: 10 }, () => ({ value: 0 })));
    expect(state.loads).toBe(1);
    await request(a).get("/read").expect(200, { value: 0 });
    expect(state.loads).toBe(1);

    await request(a).post("/write").expect(200);
    await request(a).get("/read").expect(200, { value: 1 });
    expect(state.loads).toBe(2);
  });

  it("keeps a value for ttlMs only, and never a failure", async () => {
    const cache = new MomentCache<"k", number>(30);
    let n = 0;
    expect(await cache.get("k", async () => ++n)).toBe(1);
    expect(await cache.get("k", async () => ++n)).toBe(1);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.get("k", async () => ++n)).toBe(2);
    cache.clear();
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => ++n)).toBe(3);
  });

  it("holds at most maxEntries keys (callers choose the keys): the oldest makes room", async () => {
    const cache = new MomentCache<string, string>(60_000, 3);
    const loads: string[] = [];
    const get = (k: string) => cache.get(k, async () => (loads.push(k), k));
    for (const k of ["a", "b", "c", "d"]) await get(k);
    await get("b");
    await get("a");
    expect(loads).toEqual(["a", "b", "c", "d", "a"]);
  });

  it("renews its values when background work notes a change (noteProcessWrite)", async () => {
    const cache = new MomentCache<"k", number>(60_000);
    let n = 0;
    expect(await cache.get("k", async () => ++n)).toBe(1);
    noteProcessWrite();
    expect(await cache.get("k", async () => ++n)).toBe(2);
  });
});
