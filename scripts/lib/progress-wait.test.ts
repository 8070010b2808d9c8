// The stack's progress-aware wait, with small real child processes: a slow start that is busy (CPU) or
// talkative (output) is waited for past the stall window; an exit fails at once with its code and log tail;
// a silent hang with no CPU fails after the stall window, not after a fixed deadline.
import path from "node:path";
import os from "node:os";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ComponentLog } from "./log-sink";
import { ComponentFailure, groupCpuTicks, waitForComponent } from "./progress-wait";

const dir = mkdtempSync(path.join(os.tmpdir(), "progress-wait-"));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0))
    if (c.exitCode === null && c.signalCode === null) process.kill(-c.pid!, "SIGKILL");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function start(script: string) {
  const log = new ComponentLog(path.join(dir, `c${++n}.log`));
  const child = spawn(process.execPath, ["-e", script], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  log.attach(child);
  return { child, log, marker: path.join(dir, `ready-${n}`) };
}

const readyWhen = (file: string) => async () => existsSync(file);

describe("waitForComponent", () => {
  it("waits past the stall window for a start that is slow but busy (CPU, no output)", async () => {
    const marker = path.join(dir, "busy-ready");
    const { child, log } = start(
      `const end = Date.now() + 3000; while (Date.now() < end) {} require("fs").writeFileSync(${JSON.stringify(marker)}, "x"); setInterval(() => {}, 1e9);`,
    );
    const lines: string[] = [];
    const { ms } = await waitForComponent({
      name: "busy",
      what: "the busy one",
      child,
      log,
      ready: readyWhen(marker),
      stallMs: 1_200,
      cpuEveryMs: 250,
      pollMs: 50,
      progressEveryMs: 800,
      report: (l) => lines.push(l),
    });
    expect(ms).toBeGreaterThan(2_500);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^ {2}busy {5}still starting \([\d.]+ s, busy, no new output\)$/);
  });

  it("counts output as progress too (no CPU reading at all: the non-Linux fallback)", async () => {
    const marker = path.join(dir, "talk-ready");
    const talk = start(
      `let i = 0; const t = setInterval(() => { console.log("compiling step " + ++i); if (i === 12) require("fs").writeFileSync(${JSON.stringify(marker)}, "x"); }, 300);`,
    );
    const lines: string[] = [];
    await waitForComponent({
      name: "talk",
      what: "the talker",
      child: talk.child,
      log: talk.log,
      ready: readyWhen(marker),
      stallMs: 2_000,
      pollMs: 50,
      progressEveryMs: 1_000,
      report: (l) => lines.push(l),
      cpuTicks: () => null,
    });
    expect(lines.some((l) => /still starting \([\d.]+ s, compiling step \d+\)/.test(l))).toBe(true);
  });

  it("without a CPU reading, the same busy but silent start counts as a hang (so CPU is what kept it alive)", async () => {
    const marker = path.join(dir, "busy-ready-2");
    const { child, log } = start(
      `const end = Date.now() + 3000; while (Date.now() < end) {} require("fs").writeFileSync(${JSON.stringify(marker)}, "x"); setInterval(() => {}, 1e9);`,
    );
    const err = await waitForComponent({
      name: "busy",
      what: "the busy one",
      child,
      log,
      ready: readyWhen(marker),
      stallMs: 1_200,
      pollMs: 50,
      cpuTicks: () => null,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ComponentFailure);
    expect(err.kind).toBe("stalled");
    expect(err.message).toContain("it wrote nothing");
  });

  it("fails at once when the process exits, with its exit code and the tail of its log", async () => {
    const { child, log, marker } = start(
      `console.log("loading config"); console.error("Error: LOCAL_RPC_URL must be a http URL"); process.exit(3);`,
    );
    const t0 = Date.now();
    const err = await waitForComponent({
      name: "api",
      what: "the API",
      child,
      log,
      ready: readyWhen(marker),
      stallMs: 30_000,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ComponentFailure);
    expect(err.kind).toBe("exited");
    expect(err.exitCode).toBe(3);
    expect(err.message).toMatch(/^the API exited with code 3 before it was ready/);
    expect(err.message).toContain("Error: LOCAL_RPC_URL must be a http URL");
    expect(err.message).toContain("loading config");
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it("fails a silent hang with no CPU after the stall window, saying so", async () => {
    const { child, log, marker } = start(`console.log("listening soon"); setInterval(() => {}, 1e9);`);
    const t0 = Date.now();
    const err = await waitForComponent({
      name: "hang",
      what: "the hanging one",
      child,
      log,
      ready: readyWhen(marker),
      stallMs: 1_500,
      cpuEveryMs: 250,
      pollMs: 50,
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ComponentFailure);
    expect(err.kind).toBe("stalled");
    expect(err.message).toMatch(/^the hanging one made no progress for [\d.]+ s \(no output, no CPU\)/);
    expect(err.message).toContain("listening soon");
    const took = Date.now() - t0;
    expect(took).toBeGreaterThan(1_500);
    expect(took).toBeLessThan(6_000);
    expect(child.exitCode).toBeNull(); // the caller decides what to do with it (the stack stops it)
  });

  it("gives up at the hard cap even while the process keeps making progress", async () => {
    const { child, log, marker } = start(`setInterval(() => console.log("tick"), 100);`);
    const err = await waitForComponent({
      name: "x",
      what: "the chatty one",
      child,
      log,
      ready: readyWhen(marker),
      stallMs: 10_000,
      capMs: 1_000,
      pollMs: 50,
    }).catch((e) => e);
    expect(err.kind).toBe("timeout");
    expect(err.message).toMatch(/still not ready after [\d.]+ s \(the hard cap\)/);
  });

  it("a one-shot step (no ready probe) is done when it exits 0 and failed when it exits otherwise", async () => {
    const ok = start(`console.log("deployed")`);
    await expect(
      waitForComponent({ name: "deploy", what: "the deploy", child: ok.child, log: ok.log }),
    ).resolves.toBeTruthy();
    const bad = start(`console.error("deploy: XQBMinter reverted"); process.exit(1)`);
    const err = await waitForComponent({ name: "deploy", what: "the deploy", child: bad.child, log: bad.log }).catch(
      (e) => e,
    );
    expect(err.message).toMatch(/^the deploy exited with code 1 \(after/);
    expect(err.message).toContain("XQBMinter reverted");
  });

  it.runIf(process.platform === "linux")("groupCpuTicks sums the CPU time of a process group from /proc", async () => {
    const { child } = start(`const end = Date.now() + 600; while (Date.now() < end) {} setInterval(() => {}, 1e9);`);
    const first = groupCpuTicks(child.pid!);
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 800));
    expect(groupCpuTicks(child.pid!)!).toBeGreaterThan(first!);
    expect(groupCpuTicks(2 ** 22 + 12345)).toBeNull();
  });
});
