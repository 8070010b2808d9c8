// Waiting for a stack component without a fixed deadline. A component is making progress while its process
// is alive and either writes output or uses CPU (Linux: utime+stime of every process in its process group,
// read from /proc; elsewhere output alone counts). The wait fails only for a real reason:
//   - the process exited (its exit code or signal, and the tail of its log),
//   - it made no progress for a stall window (no output, no CPU: a hang),
//   - or a generous hard cap passed.
// While it waits it prints a progress line at most every few seconds, so a slow first start on a busy
// machine reads as "still starting", not as a failure.
import { groupStats } from "./processes";
import type { ChildProcess } from "node:child_process";
import type { ComponentLog } from "./log-sink";

export type FailureKind = "exited" | "stalled" | "timeout";

export class ComponentFailure extends Error {
  override readonly name = "ComponentFailure";
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly exitCode: number | null,
    readonly signal: NodeJS.Signals | null,
  ) {
    super(message);
  }
}

export interface WaitOptions {
  /** Short name for progress lines ("api", "chain", "deploy"). */
  name: string;
  /** How errors call it ("the API"). */
  what: string;
  child: ChildProcess;
  log: ComponentLog;
  /** True once the component serves; omitted: the step is done when the process exits with code 0. */
  ready?: () => Promise<boolean>;
  /** How long without output or CPU counts as a hang. Default 60 s. */
  stallMs?: number;
  /** Give up after this long even while it makes progress. Default 10 min. */
  capMs?: number;
  pollMs?: number;
  /** How often CPU time is sampled. Default 1 s. */
  cpuEveryMs?: number;
  /** At most one progress line per this many ms (the first after as long). Default 5 s. */
  progressEveryMs?: number;
  report?: (line: string) => void;
  /** CPU ticks of a process group; null when unknown. Default: groupCpuTicks (Linux /proc). */
  cpuTicks?: (pgid: number) => number | null;
  /** Where the full log is, for the error message. */
  logName?: string;
}

/**
 * utime+stime (+ the same of reaped children) in clock ticks, summed over every process whose process group
 * is `pgid`; null where /proc is not available.
 */
export function groupCpuTicks(pgid: number): number | null {
  const members = groupStats(pgid);
  if (!members || members.length === 0) return null;
  return members.reduce((sum, f) => sum + Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]), 0);
}

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

function exitOf(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

const seconds = (ms: number) => (ms < 10_000 ? (ms / 1000).toFixed(1) : String(Math.round(ms / 1000)));

/** Resolves when the component is ready (or, without `ready`, has exited 0); rejects with a ComponentFailure. */
export async function waitForComponent(o: WaitOptions): Promise<{ ms: number }> {
  const stallMs = o.stallMs ?? 60_000;
  const capMs = o.capMs ?? 600_000;
  const pollMs = o.pollMs ?? 200;
  const cpuEveryMs = o.cpuEveryMs ?? 1_000;
  const progressEveryMs = o.progressEveryMs ?? 5_000;
  const cpuTicks = o.cpuTicks ?? groupCpuTicks;
  const pgid = o.child.pid;
  const started = Date.now();
  const logName = o.logName ?? o.log.file;

  let exit: Exit | null = null;
  const exitPromise = exitOf(o.child).then((e) => (exit = e));
  let lastProgress = started;
  let lastBytes = o.log.bytes;
  let lastCpu = pgid !== undefined ? cpuTicks(pgid) : null;
  let lastCpuAt = started;
  let lastReport = started;
  let bytesAtReport = o.log.bytes;
  let cpuAtReport = lastCpu;

  const tail = () => {
    const t = o.log.tail(15);
    return t ? `; last lines of ${logName}:\n${t.replace(/^/gm, "    ")}` : `; it wrote nothing (${logName})`;
  };

  for (;;) {
    if (exit) {
      const { code, signal } = exit as Exit;
      if (!o.ready && code === 0) return { ms: Date.now() - started };
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      const when = o.ready ? "before it was ready" : "";
      throw new ComponentFailure(
        `${o.what} ${how}${when ? ` ${when}` : ""} (after ${seconds(Date.now() - started)} s)${tail()}`,
        "exited",
        code,
        signal,
      );
    }
    if (o.ready) {
      const ok = await Promise.race([o.ready().catch(() => false), exitPromise.then(() => false)]);
      if (ok && !exit) return { ms: Date.now() - started };
      if (exit) continue;
    }

    const now = Date.now();
    if (o.log.bytes !== lastBytes) {
      lastBytes = o.log.bytes;
      lastProgress = now;
    }
    if (pgid !== undefined && now - lastCpuAt >= cpuEveryMs) {
      const cpu = cpuTicks(pgid);
      if (cpu !== null && lastCpu !== null && cpu > lastCpu) lastProgress = now;
      if (cpu !== null) lastCpu = cpu;
      lastCpuAt = now;
    }
    if (now - lastProgress > stallMs) {
      throw new ComponentFailure(
        `${o.what} made no progress for ${seconds(now - lastProgress)} s (no output, no CPU) and is not ready after ${seconds(now - started)} s${tail()}`,
        "stalled",
        null,
        null,
      );
    }
    if (now - started > capMs) {
      throw new ComponentFailure(
        `${o.what} was still not ready after ${seconds(now - started)} s (the hard cap)${tail()}`,
        "timeout",
        null,
        null,
      );
    }
    if (o.report && now - lastReport >= progressEveryMs) {
      const wrote = o.log.bytes !== bytesAtReport;
      const busy = lastCpu !== null && cpuAtReport !== null && lastCpu > cpuAtReport;
      const line = o.log.lastLine;
      const detail =
        wrote && line
          ? line.length > 70
            ? `${line.slice(0, 69)}…`
            : line
          : busy
            ? "busy, no new output"
            : `quiet for ${seconds(now - lastProgress)} s`;
      o.report(
        `  ${o.name.padEnd(8)} still ${o.ready ? "starting" : "running"} (${seconds(now - started)} s, ${detail})`,
      );
      lastReport = now;
      bytesAtReport = o.log.bytes;
      cpuAtReport = lastCpu;
    }
    await Promise.race([new Promise((r) => setTimeout(r, pollMs)), exitPromise]);
  }
}
