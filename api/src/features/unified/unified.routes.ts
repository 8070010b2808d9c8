// GET /api/unified/status: what each ledger is doing, whether the database answers, what is stored; and
// the attestation key. Status is served from memory: ledger states come from the probes, the database
// ping and the record counts are refreshed at most once a second, however many clients ask.
import type { Database } from "../../db/client";
import { route, type FeatureRouter } from "../../http/route";
import type { LedgerSelector } from "../../ledgers/selector";
import type { Attestor } from "../../shared/attestation";
import { attestationRoutes } from "./attestation.routes";
import { unifiedStatusResponse, type UnifiedStatusResponse } from "./unified.schemas";

type Status = Pick<LedgerSelector<unknown>, "status">;

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
  let last: { at: number; value: Promise<PromiseSettledResult<number>> } | null = null;
  return () => {
    if (!last || Date.now() - last.at > 1000) {
      const value = Promise.allSettled([database.ping()]).then(([r]) => r!);
      last = { at: Date.now(), value };
    }
    return last.value;
  };
}

export function unifiedStatus(deps: UnifiedStatusDeps) {
  const ping = cachedPing(deps.database);
  return async (): Promise<UnifiedStatusResponse> => {
    const [pinged, counts] = await Promise.all([ping(), Promise.allSettled([deps.mintCounts()]).then(([r]) => r!)]);
    return unifiedStatusResponse.parse({
      ledgers: { ethereum: deps.ledgers.ethereum.status(), stellar: deps.ledgers.stellar.status(), xrpl: deps.ledgers.xrpl.status() },
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
  };
}

export function createUnifiedRouter(deps: UnifiedStatusDeps & { attestor: Attestor }): FeatureRouter {
  const status = unifiedStatus(deps);
  return {
    feature: "unified",
    routes: [
      route({
        method: "get",
        path: "/api/unified/status",
        feature: "unified",
        summary: "Each ledger's mode (live or simulated, and why), the database, the stored mints",
        response: unifiedStatusResponse,
        handler: () => status(),
      }),
      ...attestationRoutes(deps.attestor),
    ],
    exports: {},
  };
}
