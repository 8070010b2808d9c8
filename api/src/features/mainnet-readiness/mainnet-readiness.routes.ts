// The mainnet-readiness feature (/mainnet-readiness-dashboard): what stands between this testnet and a mainnet
// launch, each item computed when asked (status), the score's history (snapshots on change, at most every
// 10 minutes otherwise) and the report as Markdown. Read-only: nothing here signs or sends a transaction.
import type { Db } from "../../db/client";
import { route, type FeatureRouter } from "../../http/route";
import type { ProfessionalResults, SecurityResults, TestnetRuns } from "./mainnet-readiness.exports";
import { createHistoryRecorder, createStatusReader, SNAPSHOT_RULE } from "./mainnet-readiness.history";
import { buildReport } from "./mainnet-readiness.report";
import { createSnapshotRepository } from "./mainnet-readiness.repository";
import {
  mainnetReadinessHistoryQuery,
  mainnetReadinessHistoryResponse,
  mainnetReadinessReportResponse,
  mainnetReadinessStatusResponse,
  SCORE_RULE,
} from "./mainnet-readiness.schemas";
import { createStatusComputer, type StatusDeps } from "./mainnet-readiness.status";

export type { ProfessionalResults, SecurityResults, TestnetRuns } from "./mainnet-readiness.exports";

export interface MainnetReadinessDeps extends StatusDeps {
  db: Db;
  /** Other features' exports (app.ts wires what exists; absent ones say "not wired"). */
  testnet?: TestnetRuns;
  security?: SecurityResults;
  professional?: ProfessionalResults;
}

const DEFAULT_HISTORY_POINTS = 200;

export function createMainnetReadinessRouter(deps: MainnetReadinessDeps): FeatureRouter {
  const status = createStatusComputer(deps);
  const repository = createSnapshotRepository(deps.db);
  const history = createHistoryRecorder(repository);

  const read = createStatusReader(() => status.compute(), history);

  return {
    feature: "mainnet-readiness",
    routes: [
      route({
        method: "get",
        path: "/api/mainnet-readiness/status",
        access: "visitor",
        feature: "mainnet-readiness",
        summary:
          "What stands between this testnet and mainnet, each item computed now: admin/pause rights held by the Safe (read from the chain), the pause path run, gas within budget, property tests, keys' sources, security/load/DR results with their age, the external audit (none); score by the stated rule; stores a history snapshot on change",
        response: mainnetReadinessStatusResponse,
        handler: read,
      }),
      route({
        method: "get",
        path: "/api/mainnet-readiness/history",
        access: "visitor",
        feature: "mainnet-readiness",
        summary: "The readiness score's stored snapshots, oldest first (the chart's series)",
        query: mainnetReadinessHistoryQuery,
        response: mainnetReadinessHistoryResponse,
        handler: async ({ query }) => {
          const points = await repository.recent(query.limit ?? DEFAULT_HISTORY_POINTS);
          return { points: points.map((p) => ({ at: p.at.toISOString(), score: p.score, passed: p.passed, total: p.total, items: p.items })), scoreRule: SCORE_RULE, snapshotRule: SNAPSHOT_RULE };
        },
      }),
      route({
        method: "get",
        path: "/api/mainnet-readiness/report",
        access: "visitor",
        feature: "mainnet-readiness",
        summary: "The readiness status as a Markdown report to download (computed now, like the status)",
        response: mainnetReadinessReportResponse,
        handler: async () => {
          const s = await read();
          return { ...buildReport(s), score: s.score, computedAt: s.computedAt };
        },
      }),
    ],
    exports: {},
  };
}
