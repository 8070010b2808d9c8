// Supervision with small real processes: a crash is restarted (the rest of its process group taken down
// first), failed restarts back off and the supervisor gives up after maxRestarts in a row with the reason,
// a crash loop (up, then down again at once) counts as failures, a component that stayed up long enough
// starts a new count, and exits after stop() are left alone.
import { describe, expect, it, afterEach } from "vitest";
import { groupAlive, startGroup, stopAll, type Managed } from "./processes";
import { restartDelayMs, supervise } from "./supervisor";

afterEach(() => stopAll(0));

const node = (script: string) => startGroup("test", process.execPath, ["-e", script]);
const waitUntil = async (cond: () => boolean, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
};
const IDLE = "setInterval(() => {}, 1e9)";

describe("supervise", () => {
  it("restarts a component that dies, after taking down what its leader left behind", async () => {
    // the leader spawns a grandchild in its group (like tsx's node child) and then dies
    const first = node(
      `require("child_process").spawn(process.execPath, ["-e", ${JSON.stringify(IDLE)}], { stdio: "ignore" }); setTimeout(() => process.exit(7), 300)`,
    );
    const lines: string[] = [];
    const gaveUp: string[] = [];
    const sup = supervise(first, {
      name: "api",
      what: "the API",
      start: async () => ({ managed: node(IDLE), detail: "ready again" }),
      onGiveUp: (why) => gaveUp.push(why),
      log: (l) => lines.push(l),
      delayMs: () => 10,
    });
    await waitUntil(() => sup.restarts() === 1);
    expect(sup.current()).not.toBe(first);
    expect(sup.current()!.child.exitCode).toBeNull();
    expect(groupAlive(first.child.pid)).toBe(false); // the grandchild went with it
    expect(lines[0]).toBe("  api      the API exited with code 7; restarting it");
    expect(lines[1]).toMatch(/^ {2}api {6}the API is back after [\d.]+ s \(restart 1 in a row\); ready again$/);
    expect(gaveUp).toEqual([]);
    await sup.stop();
  });

  it("backs off between failed restarts and gives up after maxRestarts in a row, with the last reason", async () => {
    const first = node("process.exit(1)");
    const delays: number[] = [];
    let attempts = 0;
    const lines: string[] = [];
    const why = await new Promise<string>((resolve) => {
      supervise(first, {
        name: "chain",
        what: "the Hardhat node",
        start: async () => {
          attempts += 1;
          throw new Error(
            `the Hardhat node exited with code 1 before it was ready (attempt ${attempts})\nError: listen EADDRINUSE`,
          );
        },
        onGiveUp: resolve,
        log: (l) => lines.push(l),
        maxRestarts: 3,
        delayMs: (n) => {
          delays.push(restartDelayMs(n));
          return 5;
        },
      });
    });
    expect(attempts).toBe(3);
    expect(delays).toEqual([250, 1000, 2000]);
    expect(why).toBe(
      "the Hardhat node failed 3 restarts in a row; last: the Hardhat node exited with code 1 before it was ready (attempt 3)\nError: listen EADDRINUSE",
    );
    expect(lines.filter((l) => l.includes("failed: "))).toHaveLength(3);
    expect(lines.at(-1)).toMatch(/giving up: the Hardhat node failed 3 restarts in a row/);
  });

  it("counts a crash loop (comes up, dies at once) as failures in a row", async () => {
    const starts: Managed[] = [];
    const why = await new Promise<string>((resolve) => {
      supervise(node("setTimeout(() => process.exit(2), 100)"), {
        name: "api",
        what: "the API",
        start: async () => {
          const m = node("setTimeout(() => process.exit(2), 100)");
          starts.push(m);
          return { managed: m };
        },
        onGiveUp: resolve,
        maxRestarts: 2,
        delayMs: () => 5,
        stableMs: 60_000,
      });
    });
    expect(starts).toHaveLength(2);
    expect(why).toBe("the API failed 2 restarts in a row; last: the API exited with code 2");
  });

  it("a component that stayed up stableMs starts a new count", async () => {
    let restarts = 0;
    const gaveUp: string[] = [];
    const sup = supervise(node("setTimeout(() => process.exit(3), 150)"), {
      name: "api",
      what: "the API",
      start: async () => {
        restarts += 1;
        return { managed: node("setTimeout(() => process.exit(3), 150)") };
      },
      onGiveUp: (w) => gaveUp.push(w),
      maxRestarts: 1,
      delayMs: () => 5,
      stableMs: 50,
    });
    await waitUntil(() => restarts >= 4);
    expect(gaveUp).toEqual([]);
    await sup.stop();
  });

  it("leaves exits after stop() alone", async () => {
    const first = node(IDLE);
    let started = 0;
    const sup = supervise(first, {
      name: "x",
      what: "x",
      start: async () => ((started += 1), { managed: node(IDLE) }),
      onGiveUp: () => {},
      delayMs: () => 5,
    });
    await sup.stop();
    first.child.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    expect(started).toBe(0);
  });

  it("restarts a component that had died before supervision began", async () => {
    const first = node("process.exit(9)");
    await waitUntil(() => first.child.exitCode !== null);
    const sup = supervise(first, {
      name: "x",
      what: "x",
      start: async () => ({ managed: node(IDLE) }),
      onGiveUp: () => {},
      delayMs: () => 5,
    });
    await waitUntil(() => sup.restarts() === 1);
    await sup.stop();
  });
});
