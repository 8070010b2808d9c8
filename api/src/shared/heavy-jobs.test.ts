// The bound on heavy jobs: one of a kind at a time, MAX_HEAVY_JOBS in total, refused at once with 429 and
// Retry-After in the one error shape, never queued; a nested job takes its kind's place but no second slot.
import { describe, expect, it } from "vitest";
import { HttpError } from "../http/errors";
import { createHeavyJobs } from "./heavy-jobs";

const held = () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return { gate, release };
};
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as HttpError,
  );

describe("heavy jobs", () => {
  it("one of a kind at a time: a second is 429 RATE_LIMITED with Retry-After and what runs; free again after", async () => {
    const jobs = createHeavyJobs(2);
    const a = held();
    const first = jobs.run({ kind: "drill", label: "the DR drill", expectedSeconds: 30 }, () =>
      a.gate.then(() => "done"),
    );
    const e = await refusal(jobs.run({ kind: "drill", label: "the DR drill", expectedSeconds: 30 }, async () => "no"));
    expect(e).toBeInstanceOf(HttpError);
    expect(e!.status).toBe(429);
    expect(e!.toJSON()).toMatchObject({
      code: "RATE_LIMITED",
      error: expect.stringMatching(/^the DR drill is already running \(started .*\); one run at a time/),
      details: { running: "the DR drill" },
    });
    expect(e!.options.retryAfterSeconds).toBeGreaterThanOrEqual(29);
    expect(jobs.running().map((j) => j.kind)).toEqual(["drill"]);
    a.release();
    expect(await first).toBe("done");
    expect(await jobs.run({ kind: "drill", label: "the DR drill", expectedSeconds: 30 }, async () => "again")).toBe(
      "again",
    );
    expect(jobs.running()).toEqual([]);
  });

  it("at most `max` in total, whatever the kinds; a failed job frees its place; a nested one needs no slot", async () => {
    const jobs = createHeavyJobs(2);
    const a = held();
    const b = held();
    const one = jobs.run({ kind: "a", label: "job a", expectedSeconds: 10 }, () => a.gate);
    const two = jobs.run({ kind: "b", label: "job b", expectedSeconds: 50 }, () => b.gate);
    const e = await refusal(jobs.run({ kind: "c", label: "job c", expectedSeconds: 5 }, async () => 1));
    expect(e!.toJSON()).toMatchObject({
      code: "RATE_LIMITED",
      error:
        "2 heavy jobs are running on this API (job a, job b), the most it runs at once; try again when one has finished",
      details: { limit: "2" },
    });
    expect(e!.options.retryAfterSeconds).toBeLessThanOrEqual(10); // the sooner of the two
    // Started by a job already counted (the professional audit runs the security suite): its kind's place only.
    expect(await jobs.run({ kind: "c", label: "job c", expectedSeconds: 5, nested: true }, async () => "nested")).toBe(
      "nested",
    );
    a.release();
    await one;
    await expect(
      jobs.run({ kind: "d", label: "job d", expectedSeconds: 5 }, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(jobs.running().map((j) => j.kind)).toEqual(["b"]);
    b.release();
    await two;
  });
});
