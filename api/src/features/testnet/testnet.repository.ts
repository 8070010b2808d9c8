// Stores and reads the readiness tests' runs. A run is one INSERT once it has finished, so a failure never
// leaves half a run; reads are "the latest run of a kind on this chain instance", passing or any.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { testnetRuns } from "../../db/schema";
import { testStep, type TestRun, type TestRunKind, type TestStep } from "./testnet.schemas";

export interface NewTestRun {
  kind: TestRunKind;
  chainId: number;
  chainInstance: string | null;
  source: TestRun["source"];
  steps: TestStep[];
  startedAt: Date;
  finishedAt: Date;
  /** Who ran it (http/access.ts ranByOf). */
  ranBy: string;
  /** Where its steps ran (testnet.sandbox.ts ranOnOf); null when they did not run. */
  ranOn: string | null;
}

export interface TestnetRepository {
  /** Passed = at least one step and every step passed (a skipped step is not a pass). */
  insert(run: NewTestRun): Promise<Omit<TestRun, "onCurrentChain">>;
  /** The newest run of `kind` on the chain instance, optionally only a passing one. */
  latest(
    kind: TestRunKind,
    chainId: number,
    chainInstance: string,
    opts?: { passing?: boolean },
  ): Promise<Omit<TestRun, "onCurrentChain"> | null>;
}

type Row = typeof testnetRuns.$inferSelect;
const toRun = (r: Row): Omit<TestRun, "onCurrentChain"> => ({
  id: r.id,
  kind: r.kind as TestRunKind,
  chainId: r.chainId,
  chainInstance: r.chainInstance,
  passed: r.passed,
  source: r.source as TestRun["source"],
  steps: testStep.array().parse(r.steps),
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt.toISOString(),
  ranBy: r.ranBy,
  ranOn: r.ranOn,
});

export const runPassed = (steps: TestStep[]) => steps.length > 0 && steps.every((s) => s.outcome === "passed");

export function createTestnetRepository(db: Db): TestnetRepository {
  return {
    async insert(run) {
      const [row] = await db
        .insert(testnetRuns)
        .values({ ...run, passed: runPassed(run.steps) })
        .returning();
      return toRun(row!);
    },
    async latest(kind, chainId, chainInstance, opts = {}) {
      const [row] = await db
        .select()
        .from(testnetRuns)
        .where(
          and(
            eq(testnetRuns.chainId, chainId),
            eq(testnetRuns.chainInstance, chainInstance),
            eq(testnetRuns.kind, kind),
            opts.passing ? eq(testnetRuns.passed, true) : undefined,
          ),
        )
        .orderBy(desc(testnetRuns.id))
        .limit(1);
      return row ? toRun(row) : null;
    },
  };
}
