// GET /api/unified/status: what each ledger is doing, whether the database answers, what is stored; and
// the attestation key. Status is served from memory: ledger states come from the probes, the database
// ping and the record counts are refreshed at most once a second, however many clients ask.
// The Presidential Dashboard (/unified-platform): POST execute runs an operation (operator) and stores it; every
// visitor reads the stored runs, the platform cards and the monitoring figures, each served from memory for a second.
import type { Database, Db } from "../../db/client";
import type { RequestMetrics } from "../../http/request-metrics";
import { implement, type FeatureRouter } from "../../http/route";
import { ranByOf } from "../../http/access";
import type { LedgerSelector } from "../../ledgers/selector";
import type { SourceState } from "../../sources/government/government-data";
import type { Attestor } from "../../shared/attestation";
import { MomentCache, momentary } from "../../shared/moment-cache";
import { attestationRoutes } from "./attestation.routes";
import { unifiedContract } from "./unified.contract";
import { monitoring } from "./unified.monitoring";
import { operationWork, type OperationsDeps } from "./unified.operations";
import { platformCards, type PlatformsDeps } from "./unified.platforms";
import { createRunner, createRunStore } from "./unified.runs";
import {
  executeBody,
  executeResponse,
  monitoringResponse,
  operationsResponse,
  platformsResponse,
  unifiedStatusResponse,
  type UnifiedStatusResponse,
} from "./unified.schemas";

type Status = Pick<LedgerSelector<unknown>, "status" | "probeNow">;

export interface UnifiedStatusDeps {
  ledgers: { ethereum: Status; stellar: Status; xrpl: Status };
  database: Pick<Database, "driver" | "ping">;
  /** Stored mint records by source (the minting feature's count). */
  mintCounts: () => Promise<{ live: number; simulated: number }>;
  startedAt: Date;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One ping at a time, reused for a second. */
function cachedPing(database: UnifiedStatusDeps["database"]) {
  const cache = new MomentCache<"ping", PromiseSettledResult<number>>();
  return () => cache.get("ping", () => Promise.allSettled([database.ping()]).then(([r]) => r!));
}

export function unifiedStatus(deps: UnifiedStatusDeps) {
  const ping = cachedPing(deps.database);
  // One answer object for a quarter second: its `timestamp` says when it was read. The route then sends
  // the JSON it remembered for that object instead of validating and serializing it again.
  // A new record (the counts' cache was renewed) makes a new answer at once.
  const answer = new MomentCache<"status", UnifiedStatusResponse>(250);
  let counted: Promise<unknown> | null = null;
  return () => {
    const counts = deps.mintCounts();
    if (counts !== counted) answer.clear();
    counted = counts;
    return answer.get("status", read);
  };
  async function read(): Promise<UnifiedStatusResponse> {
    const [pinged, counts] = await Promise.all([ping(), Promise.allSettled([deps.mintCounts()]).then(([r]) => r!)]);
    return unifiedStatusResponse.parse({
      ledgers: {
        ethereum: deps.ledgers.ethereum.status(),
        stellar: deps.ledgers.stellar.status(),
        xrpl: deps.ledgers.xrpl.status(),
      },
      database: {
        ok: pinged.status === "fulfilled",
        driver: deps.database.driver,
        latencyMs: pinged.status === "fulfilled" ? pinged.value : null,
        error: pinged.status === "rejected" ? message(pinged.reason) : null,
      },
      // Zero when the database is down; database.ok says so.
      mints: counts.status === "fulfilled" ? counts.value : { live: 0, simulated: 0 },
      uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 100) / 10,
      timestamp: new Date().toISOString(),
    });
  }
}

export interface UnifiedDeps extends UnifiedStatusDeps {
  attestor: Attestor;
  db: Db;
  contracts: OperationsDeps["contracts"];
  bridge: OperationsDeps["bridge"];
  isolator: OperationsDeps["isolator"] & PlatformsDeps["isolator"];
  requestMetrics: Pick<RequestMetrics, "snapshot">;
  governmentSources(): SourceState[];
}

export function createUnifiedRouter(deps: UnifiedDeps): FeatureRouter {
  const status = unifiedStatus(deps);
  const ping = cachedPing(deps.database);
  const store = createRunStore(deps.db);
  const runner = createRunner(store, operationWork(deps));
  const operations = momentary(async () => ({
    last: await store.lastOfEach(),
    running: runner.running(),
    history: await store.history(),
  }));
  const platforms = momentary(() => platformCards({ ...deps, runs: store }));
  const figures = momentary(() => monitoring({ ...deps, ping, governmentSources: () => deps.governmentSources() }));
  return {
    feature: "unified",
    routes: [
      implement(unifiedContract.status, {
        response: unifiedStatusResponse,
        handler: () => status(),
      }),
      ...attestationRoutes(deps.attestor),
      implement(unifiedContract.execute, {
        body: executeBody,
        response: executeResponse,
        handler: async ({ body, caller }) => {
          const { run, joined } = runner.run(body.operation, ranByOf(caller), body.data.timestamp);
          const stored = await run;
          return { success: stored.outcome !== "failed", run: stored, joined };
        },
      }),
      implement(unifiedContract.operations, { response: operationsResponse, handler: operations }),
      implement(unifiedContract.platforms, { response: platformsResponse, handler: platforms }),
      implement(unifiedContract.monitoring, { response: monitoringResponse, handler: figures }),
    ],
    exports: {},
  };
}
