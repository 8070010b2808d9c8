// The background scrub: a block changed on disk after its file was written is found by reading the file back
// and verifying it again. One file at a time, the most overdue first (never verified, a newer version, or last
// verified more than `intervalSeconds` ago), at most `bytesPerSecond` read on average: it sleeps after each file
// as long as its bytes take at that rate. Each result is recorded on the file's row, where every read finds it;
// no reader waits for the scrub, and the scrub never holds the event loop for more than one file's checks.
import { noteProcessWrite } from "../../shared/process-writes";
import type { Logger } from "../../logger";
import type { BlockStore } from "./q-isolator.blocks";
import type { IsolatorRepository } from "./q-isolator.repository";
import { verifyBytes } from "./q-isolator.verification";

export interface ScrubOptions {
  /** A file is due again once its last verification is this old; 0 turns the background loop off. */
  intervalSeconds: number;
  bytesPerSecond: number;
  now?: () => Date;
  logger?: Pick<Logger, "warn">;
}

export interface ScrubStep {
  fileId: string;
  version: number;
  bytes: number;
  ok: boolean;
  failedCheck: string | null;
}

/** The scrub's pause when nothing is due: short enough to notice a new file soon, long enough to cost nothing. */
const IDLE_MS_MAX = 10_000;

export function createScrubber(repository: IsolatorRepository, blocks: BlockStore, options: ScrubOptions) {
  const now = options.now ?? (() => new Date());
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let lastPassAt: Date | null = null;

  /** Verifies the most overdue file and records the result; null when none is due. */
  async function step(
    dueBefore: Date = new Date(now().getTime() - options.intervalSeconds * 1000),
  ): Promise<ScrubStep | null> {
    const file = await repository.dueForScrub(dueBefore);
    if (!file) return null;
    const isolation = await repository.isolation(file.isolationId);
    if (!isolation) return null;
    const bytes = await blocks.cat(file.currentCid);
    const record = verifyBytes(file, isolation, bytes);
    await repository.recordVerification(file.fileId, file.currentVersion, record, now());
    // A verdict that changed (a block altered on disk, or restored) shows on the next read, not a moment later.
    const changed =
      file.verifiedVersion !== file.currentVersion ||
      file.verifiedOk !== record.ok ||
      file.verifiedFailedCheck !== record.failedCheck ||
      file.verifiedProtection !== record.protection;
    if (changed) noteProcessWrite();
    if (!record.ok && record.protection !== "classical-only")
      options.logger?.warn(
        { fileId: file.fileId, cid: file.currentCid, check: record.failedCheck },
        "q-isolator scrub: a stored envelope failed its verification",
      );
    return {
      fileId: file.fileId,
      version: file.currentVersion,
      bytes: bytes?.length ?? 0,
      ok: record.ok,
      failedCheck: record.failedCheck,
    };
  }

  const schedule = (ms: number) => {
    if (!running) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  };

  function tick() {
    timer = null;
    current = step()
      .then((done) => {
        if (!done) {
          lastPassAt = now();
          return schedule(Math.min(IDLE_MS_MAX, Math.max(1000, options.intervalSeconds * 1000)));
        }
        // the pace: this file's bytes at bytesPerSecond, so reads of the same disk stay fast
        schedule(Math.max(10, Math.round((done.bytes / options.bytesPerSecond) * 1000)));
      })
      .catch((err: unknown) => {
        options.logger?.warn({ err }, "q-isolator scrub: a step failed; trying again later");
        schedule(IDLE_MS_MAX);
      });
  }

  return {
    step,
    /** Verifies every file due now (or all of them, with `everything`), one after another; for tests and the bench. */
    async runDue(everything = false): Promise<ScrubStep[]> {
      const done: ScrubStep[] = [];
      const before = everything ? new Date(now().getTime() + 1) : undefined;
      const seen = new Set<string>();
      for (;;) {
        const s = await step(before);
        if (!s || seen.has(`${s.fileId}/${s.version}`)) break;
        seen.add(`${s.fileId}/${s.version}`);
        done.push(s);
      }
      return done;
    },
    get lastPassAt() {
      return lastPassAt;
    },
    /** The background loop (main.ts starts it after listening); off when intervalSeconds is 0. */
    start() {
      if (running || options.intervalSeconds === 0) return;
      running = true;
      schedule(1000);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
  };
}

export type Scrubber = ReturnType<typeof createScrubber>;
