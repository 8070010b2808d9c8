// Heavy jobs (the readiness tests, the five assessments, the security suite, the DR drill) are bounded: one
// run of a kind at a time, and at most MAX_HEAVY_JOBS of any kind at once on this API. A request past either
// bound is refused at once with 429 RATE_LIMITED and Retry-After (the time the running job usually has left),
// never queued behind it: a queue would let one caller pile up work for everyone. One instance per app
// (app.ts hands it to each feature); a feature mounted alone in its own tests makes its own.
import { HttpError } from "../http/errors";

/** Heavy jobs of any kind running at once on one API (each holds a CPU core for seconds to a minute). */
export const MAX_HEAVY_JOBS = 2;

export interface HeavyJob {
  kind: string;
  /** What runs, in words ("the treasury test"). */
  label: string;
  since: Date;
  /** Roughly how long a run of this kind takes, for Retry-After. */
  expectedSeconds: number;
}

export interface HeavyJobs {
  /**
   * Runs `work` as the one job of `kind`, or throws 429 RATE_LIMITED (with Retry-After) when a job of that kind
   * runs already or MAX_HEAVY_JOBS are running. `nested`: a job started by a job already counted (the
   * professional security audit runs the security suite): it takes its kind's place but not a second slot.
   */
  run<T>(
    job: { kind: string; label: string; expectedSeconds: number; nested?: boolean },
    work: () => Promise<T>,
  ): Promise<T>;
  /** The jobs running now (for tests and status lines). */
  running(): HeavyJob[];
}

const secondsLeft = (j: HeavyJob, now: number) =>
  Math.max(1, Math.ceil(j.expectedSeconds - (now - j.since.getTime()) / 1000));

export function createHeavyJobs(max = MAX_HEAVY_JOBS): HeavyJobs {
  const byKind = new Map<string, HeavyJob>();
  let counted = 0;
  return {
    async run(job, work) {
      const now = Date.now();
      const same = byKind.get(job.kind);
      if (same) {
        throw new HttpError(
          "RATE_LIMITED",
          `${same.label} is already running (started ${same.since.toISOString()}); one run at a time: try again when it has finished`,
          {
            retryAfterSeconds: secondsLeft(same, now),
            details: { running: same.label, since: same.since.toISOString() },
          },
        );
      }
      if (!job.nested && counted >= max) {
        const all = [...byKind.values()];
        throw new HttpError(
          "RATE_LIMITED",
          `${counted} heavy jobs are running on this API (${all.map((j) => j.label).join(", ")}), the most it runs at once; try again when one has finished`,
          {
            retryAfterSeconds: Math.min(...all.map((j) => secondsLeft(j, now))),
            details: { running: all.map((j) => j.label).join(", "), limit: String(max) },
          },
        );
      }
      const entry: HeavyJob = {
        kind: job.kind,
        label: job.label,
        since: new Date(now),
        expectedSeconds: job.expectedSeconds,
      };
      byKind.set(job.kind, entry);
      if (!job.nested) counted++;
      try {
        return await work();
      } finally {
        byKind.delete(job.kind);
        if (!job.nested) counted--;
      }
    },
    running: () => [...byKind.values()],
  };
}
