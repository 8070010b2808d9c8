// Child processes that start in their own process group, so one signal stops each whole tree
// (npx/tsx wrappers otherwise leave the real server orphaned on its port).
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import net from "node:net";

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

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/** SIGTERM every group, then SIGKILL whatever is still there after `graceMs`. */
export async function stopAll(graceMs = 4_000): Promise<void> {
  const list = [...running].reverse();
  await Promise.all(
    list.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            signalGroup(child, "SIGKILL");
            resolve();
          }, graceMs);
          child.once("exit", () => {
            clearTimeout(timer);
            signalGroup(child, "SIGKILL"); // grandchildren that ignored SIGTERM
            resolve();
          });
          signalGroup(child, "SIGTERM");
        }),
    ),
  );
}

export function portIsFree(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s${lastError ? `: ${String(lastError)}` : ""}`);
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
