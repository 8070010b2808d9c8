// GET /api/unified/status: what each ledger is doing, whether the database answers, what is stored.
import { route, type RouteDef } from "../../http/route";
import type { Database } from "../../db/client";
import type { LedgerSelector } from "../../ledgers/selector";
import type { LedgerStatus } from "../../ledgers/types";
import type { MintRepository } from "../minting/minting.repository";
import { unifiedStatusResponse, type UnifiedStatusResponse } from "./unified.schemas";

export interface UnifiedStatusDeps {
  ledgers: { ethereum: Pick<LedgerSelector<unknown>, "status">; stellar: Pick<LedgerSelector<unknown>, "status">; xrpl: Pick<LedgerSelector<unknown>, "status"> };
  database: Pick<Database, "driver" | "ping">;
  repository: Pick<MintRepository, "countBySource">;
  startedAt: Date;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export async function unifiedStatus(deps: UnifiedStatusDeps): Promise<UnifiedStatusResponse> {
  const [ping, counts] = await Promise.allSettled([deps.database.ping(), deps.repository.countBySource()]);
  const ledger = (s: { status(): LedgerStatus }) => s.status();
  return unifiedStatusResponse.parse({
    ledgers: { ethereum: ledger(deps.ledgers.ethereum), stellar: ledger(deps.ledgers.stellar), xrpl: ledger(deps.ledgers.xrpl) },
    database: {
      ok: ping.status === "fulfilled",
      driver: deps.database.driver,
      latencyMs: ping.status === "fulfilled" ? ping.value : null,
      error: ping.status === "rejected" ? message(ping.reason) : null,
    },
    // Zero when the database is down; database.ok says so.
    mints: counts.status === "fulfilled" ? counts.value : { live: 0, simulated: 0 },
    uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 100) / 10,
    timestamp: new Date().toISOString(),
  });
}

export function unifiedRoutes(deps: UnifiedStatusDeps): RouteDef[] {
  return [
    route({
      method: "get",
      path: "/api/unified/status",
      feature: "unified",
      summary: "Each ledger's mode (live or simulated, and why), the database, the stored mints",
      response: unifiedStatusResponse,
      handler: () => unifiedStatus(deps),
    }),
  ];
}
