// Child processes that start in their own process group, so one signal stops each whole tree
// (npx/tsx wrappers otherwise leave the real server orphaned on its port).
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import net from "node:net";
import { readdirSync, readFileSync } from "node:fs";

export interface Managed {
  name: string;
  child: ChildProcess;
}

const running: Managed[] = [];

export function startGroup(name: string, command: string, args: string[], options: SpawnOptions = {}): Managed {
  const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], ...options });
  const managed = { name, child };
  running.push(managed);
  child.once("exit", () => {
    const i = running.indexOf(managed);
    if (i >= 0) running.splice(i, 1);
  });
  return managed;
}

/**
 * Signals the child's process group. `evenIfLeaderExited`: also when the leader is gone (right after its exit,
 * to take down what it left behind, e.g. tsx's node child still holding a port).
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals, evenIfLeaderExited = false) {
  if (child.pid === undefined) return;
  if (!evenIfLeaderExited && (child.exitCode !== null || child.signalCode !== null)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/**
 * The /proc/<pid>/stat fields (after the command name) of every process in process group `pgid`; null where
 * /proc is not available. "pid (comm) state ppid pgrp ...": comm may hold spaces and parentheses, so the
 * fields are split after the last ")"; index 0 is the state, 2 the group, 11-14 utime, stime, cutime, cstime.
 */
export function groupStats(pgid: number): string[][] | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  const out: string[][] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === pgid) out.push(fields);
  }
  return out;
}

/**
 * True while any process of the group led by `pid` is alive. Linux: a live (not zombie) process in /proc with
 * that process group; elsewhere signal 0 (which also counts zombies not yet reaped).
 */
export function groupAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  const members = groupStats(pid);
  if (members) return members.some((fields) => fields[0] !== "Z" && fields[0] !== "X");
  try {
    process.kill(-pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Waits until the group is gone or `ms` passed; true if gone. */
async function groupGone(pid: number | undefined, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (groupAlive(pid)) {
    if (Date.now() >= until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * SIGTERM one group, then SIGKILL whatever is still there after `graceMs` (0: SIGKILL at once). Members that
 * outlive their leader (a wrapper's child still holding a port) get the rest of the grace, then SIGKILL.
 */
export function stopGroup({ child }: Managed, graceMs = 4_000): Promise<void> {
  const started = Date.now();
  const finish = async (resolve: () => void) => {
    if (!(await groupGone(child.pid, Math.max(0, graceMs - (Date.now() - started))))) {
      signalGroup(child, "SIGKILL", true);
      await groupGone(child.pid, 2_000);
    }
    resolve();
  };
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (graceMs > 0) signalGroup(child, "SIGTERM", true);
      return void finish(resolve);
    }
    const timer = setTimeout(() => signalGroup(child, "SIGKILL", true), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      void finish(resolve);
    });
    signalGroup(child, graceMs > 0 ? "SIGTERM" : "SIGKILL");
  });
}

/** SIGTERM every group, then SIGKILL whatever is still there after `graceMs`. */
export async function stopAll(graceMs = 4_000): Promise<void> {
  const list = [...running].reverse();
  await Promise.all(list.map((m) => stopGroup(m, graceMs)));
}

export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Resolves with a process's exit code, for one-shot steps such as the deploy. */
export function exited(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** A port the OS says is free now on 127.0.0.1 (for an internal listener; there is a small race until it binds). */
export function freePort(host = "127.0.0.1"): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The first free port in [from, to] (tests keep to a range of their own). */
export async function freePortIn(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) if (await portIsFree(port)) return port;
  throw new Error(`no free port in ${from}-${to}`);
}

/** A started process group and the last 400 chunks of its stdout and stderr (for a test's failure message). */
export interface KeptProcess {
  managed: Managed;
  output: string[];
}

/** startGroup, keeping the process's recent output; the caller stops it (stopGroup) and may list it in `into`. */
export function startKeepingOutput(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions,
  into?: KeptProcess[],
): KeptProcess {
  const managed = startGroup(name, command, args, options);
  const proc: KeptProcess = { managed, output: [] };
  const keep = (d: Buffer) => {
    proc.output.push(String(d));
    if (proc.output.length > 400) proc.output.shift();
  };
  managed.child.stdout?.on("data", keep);
  managed.child.stderr?.on("data", keep);
  into?.push(proc);
  return proc;
}

/** The last 30 lines a kept process wrote. */
export const tailOf = (p: KeptProcess): string => p.output.join("").split("\n").slice(-30).join("\n");
