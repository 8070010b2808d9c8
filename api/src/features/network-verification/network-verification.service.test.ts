// The run's sharing rules on a clock the test moves: one run at a time (a crowd joins it), the last run answers for
// 15 s, refresh=true runs anew only once the last run is 3 s old, and every answer says which run and how old.
import { describe, expect, it } from "vitest";
import { CACHE_MS, REFRESH_MIN_MS } from "./network-verification.constants";
import { verificationResponse } from "./network-verification.schemas";
import { createVerificationService, type VerificationRun } from "./network-verification.service";

function setup() {
  let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
  let runs = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const service = createVerificationService({
    now: () => clock,
    run: async (): Promise<VerificationRun> => {
      runs++;
      const startedAt = clock;
      if (hold) await new Promise<void>((r) => (release = r));
      return { startedAt, durationMs: 1200, networks: [] };
    },
  });
  return {
    service,
    runs: () => runs,
    advance: (ms: number) => (clock += ms),
    holdNextRun: () => (hold = true),
    finishRun: () => {
      hold = false;
      release?.();
    },
  };
}

describe("the verification service", () => {
  it("a crowd arriving while a run is under way joins it: one run", async () => {
    const t = setup();
    t.holdNextRun();
    const first = t.service.verify(false);
    const crowd = Array.from({ length: 20 }, (_, i) => t.service.verify(i % 2 === 0));
    t.finishRun();
    const answers = await Promise.all([first, ...crowd]);
    expect(t.runs()).toBe(1);
    expect(answers[0]!.servedFrom).toBe("new-run");
    expect(answers.slice(1).every((a) => a.servedFrom === "joined-run")).toBe(true);
    expect(new Set(answers.map((a) => a.checkedAt)).size).toBe(1);
    for (const a of answers) verificationResponse.parse(a);
  });

  it("serves the last run for 15 s, with its age; then runs again", async () => {
    const t = setup();
    const first = await t.service.verify(false);
    expect(first).toMatchObject({ servedFrom: "new-run", ageSeconds: 0, durationMs: 1200 });
    t.advance(CACHE_MS - 1);
    const cached = await t.service.verify(false);
    expect(cached).toMatchObject({ servedFrom: "last-run", checkedAt: first.checkedAt, ageSeconds: 15 });
    expect(cached.servedNote).toContain("15 s old");
    expect(t.runs()).toBe(1);
    t.advance(1);
    const fresh = await t.service.verify(false);
    expect(fresh.servedFrom).toBe("new-run");
    expect(Date.parse(fresh.checkedAt) - Date.parse(first.checkedAt)).toBe(CACHE_MS);
    expect(t.runs()).toBe(2);
  });

  it("refresh=true before the last run is 3 s old answers the last run, saying so; from 3 s on it runs anew", async () => {
    const t = setup();
    const first = await t.service.verify(false);
    t.advance(1200);
    const early = await t.service.verify(true);
    expect(early).toMatchObject({ servedFrom: "last-run", checkedAt: first.checkedAt, ageSeconds: 1.2 });
    expect(early.servedNote).toContain("only 1.2 s old");
    expect(t.runs()).toBe(1);
    t.advance(REFRESH_MIN_MS - 1200);
    const refreshed = await t.service.verify(true);
    expect(refreshed.servedFrom).toBe("new-run");
    expect(t.runs()).toBe(2);
    // …and that new run is what the next plain request gets.
    t.advance(5000);
    expect(await t.service.verify(false)).toMatchObject({ servedFrom: "last-run", checkedAt: refreshed.checkedAt });
  });

  it("a run that throws is not kept: the next request runs again", async () => {
    let calls = 0;
    const service = createVerificationService({
      run: async () => {
        if (++calls === 1) throw new Error("boom");
        return { startedAt: Date.now(), durationMs: 1, networks: [] };
      },
    });
    await expect(service.verify(false)).rejects.toThrow("boom");
    expect((await service.verify(false)).servedFrom).toBe("new-run");
    expect(calls).toBe(2);
  });
});
