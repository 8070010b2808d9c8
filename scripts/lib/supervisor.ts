// Keeps one long-running stack component up: when its process exits unexpectedly the supervisor takes down
// what it left behind (the rest of its process group), logs why, and starts it again after a pause that grows
// with each failure in a row (0.25 s, 1 s, 2 s, 4 s, 8 s, at most 15 s). A restart that does not come up
// (start() throws: it exited, stalled or timed out) is a failure; so is a restarted component that exits again
// before it has been up `stableMs`. After `maxRestarts` failures in a row it gives up and calls onGiveUp with
// the reason. A component that stayed up `stableMs` starts a new count.
import type { ComponentLog } from "./log-sink";
import { stopGroup, type Managed } from "./processes";

export interface SupervisorOptions {
  /** Short name for log lines ("chain", "api"). */
  name: string;
  /** How messages call it ("the Hardhat node"). */
  what: string;
  /** Starts the component and resolves once it is ready, with an optional detail for the log line; throws with the reason. */
  start: () => Promise<{ managed: Managed; detail?: string }>;
  onGiveUp: (why: string) => void;
  log?: (line: string) => void;
  /** The component's log, which gets a note of every exit, restart and give-up. */
  sink?: ComponentLog;
  /** Failures in a row before giving up. Default 5. */
  maxRestarts?: number;
  delayMs?: (attempt: number) => number;
  stableMs?: number;
}

/** Pause before restart attempt n (1-based): 0.25 s, 1 s, 2 s, 4 s, 8 s, at most 15 s. */
export const restartDelayMs = (attempt: number) => (attempt <= 1 ? 250 : Math.min(1000 * 2 ** (attempt - 2), 15_000));

export interface Supervisor {
  /** The component's current process; null while it is down. */
  current(): Managed | null;
  /** Successful restarts so far. */
  restarts(): number;
  /** Stops supervising (exits are then expected) and waits for a restart in progress to settle. */
  stop(): Promise<void>;
}

const secs = (ms: number) => (ms / 1000).toFixed(1);

export function supervise(first: Managed, o: SupervisorOptions): Supervisor {
  const log = o.log ?? (() => {});
  const maxRestarts = o.maxRestarts ?? 5;
  const delayMs = o.delayMs ?? restartDelayMs;
  const stableMs = o.stableMs ?? 60_000;
  let current: Managed | null = first;
  let stopped = false;
  let restarts = 0;
  let failuresInARow = 0;
  let upSince = Date.now();
  let inFlight: Promise<void> = Promise.resolve();
  let wake: (() => void) | null = null;
  const say = (line: string) => {
    log(`  ${o.name.padEnd(8)} ${line}`);
    o.sink?.note(line);
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const recover = async (managed: Managed, code: number | null, signal: NodeJS.Signals | null) => {
    current = null;
    await stopGroup(managed, 0); // what the leader left behind must not keep a port
    if (Date.now() - upSince >= stableMs) failuresInARow = 0;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    say(`${o.what} ${how}; restarting it`);
    let lastReason = `${o.what} ${how}`;
    const downAt = performance.now();
    while (!stopped) {
      failuresInARow += 1;
      if (failuresInARow > maxRestarts) {
        const why = `${o.what} failed ${maxRestarts} restarts in a row; last: ${lastReason}`;
        say(`giving up: ${why}`);
        stopped = true;
        o.onGiveUp(why);
        return;
      }
      await sleep(delayMs(failuresInARow));
      if (stopped) return;
      try {
        const { managed: next, detail } = await o.start();
        if (stopped) {
          await stopGroup(next, 0);
          return;
        }
        restarts += 1;
        upSince = Date.now();
        current = next;
        say(
          `${o.what} is back after ${secs(performance.now() - downAt)} s (restart ${failuresInARow} in a row)${detail ? `; ${detail}` : ""}`,
        );
        watch(next);
        return;
      } catch (err) {
        if (stopped) return;
        lastReason = err instanceof Error ? err.message : String(err);
        say(`restart ${failuresInARow} of ${maxRestarts} failed: ${lastReason.split("\n")[0]}`);
        o.sink?.note(lastReason);
      }
    }
  };

  const watch = (managed: Managed) => {
    managed.child.once("exit", (code, signal) => {
      if (stopped || current !== managed) return;
      inFlight = recover(managed, code, signal);
    });
  };
  if (first.child.exitCode !== null || first.child.signalCode !== null) {
    inFlight = recover(first, first.child.exitCode, first.child.signalCode); // died before supervision began
  } else {
    watch(first);
  }

  return {
    current: () => current,
    restarts: () => restarts,
    async stop() {
      stopped = true;
      wake?.();
      await inFlight.catch(() => {});
    },
  };
}
