// The mainnet-readiness feature (/mainnet-readiness-dashboard): what stands between this testnet and a mainnet
// launch, each item computed when asked (status), the score's history (snapshots on change, at most every
// 10 minutes otherwise) and the report as Markdown. Read-only: nothing here signs or sends a transaction.
import type { z } from "zod";
import { MomentCache } from "../../shared/moment-cache";
import type { Db } from "../../db/client";
import { implement, type FeatureRouter } from "../../http/route";
import { mainnetReadinessContract as c } from "./mainnet-readiness.contract";
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
import type { RoleReading } from "./mainnet-readiness.roles";

export type { ProfessionalResults, SecurityResults, TestnetRuns } from "./mainnet-readiness.exports";

export interface MainnetReadinessDeps extends StatusDeps {
  db: Db;
  /** Other features' exports (app.ts wires what exists; absent ones say "not wired"). */
  testnet?: TestnetRuns;
  security?: SecurityResults;
  professional?: ProfessionalResults;
}

const DEFAULT_HISTORY_POINTS = 200;

/** What this feature offers others (app.ts wires it): the chain's role holders, as the status reads them. */
export interface MainnetReadinessExports {
  roleHolders: () => Promise<RoleReading>;
}

export function createMainnetReadinessRouter(deps: MainnetReadinessDeps): FeatureRouter<MainnetReadinessExports> {
  const status = createStatusComputer(deps);
  const repository = createSnapshotRepository(deps.db);
  const history = createHistoryRecorder(repository);

  const read = createStatusReader(() => status.compute(), history);

  const historyPages = new MomentCache<number, z.input<typeof mainnetReadinessHistoryResponse>>();
  return {
    feature: "mainnet-readiness",
    routes: [
      implement(c.status, {
        response: mainnetReadinessStatusResponse,
        handler: read,
      }),
      implement(c.history, {
        query: mainnetReadinessHistoryQuery,
        response: mainnetReadinessHistoryResponse,
        // Once a moment per limit for every poller; a snapshot stored (even by a status read) renews it.
        handler: ({ query }) =>
          historyPages.get(query.limit ?? DEFAULT_HISTORY_POINTS, async () => {
            const points = await repository.recent(query.limit ?? DEFAULT_HISTORY_POINTS);
            return {
              points: points.map((p) => ({
                at: p.at.toISOString(),
                score: p.score,
                passed: p.passed,
                total: p.total,
                items: p.items,
              })),
              scoreRule: SCORE_RULE,
              snapshotRule: SNAPSHOT_RULE,
            };
          }),
      }),
      implement(c.report, {
        response: mainnetReadinessReportResponse,
        handler: async () => {
          const s = await read();
          return { ...buildReport(s), score: s.score, computedAt: s.computedAt };
        },
      }),
    ],
    exports: {
      /** Who holds each admin and operational right on the map's contracts, read from the chain (cached per head). */
      roleHolders: status.readRoles,
    },
  };
}
