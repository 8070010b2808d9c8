// The dashboard's monitoring tab: this API's own request metrics (http/request-metrics.ts), its uptime, the read
// caches' hit rate (shared/moment-cache.ts counts every lookup) and which integrations are connected now: each
// ledger live, the database answering, each government source's last read live. Nothing here is a constant.
import type { RequestMetrics } from "../../http/request-metrics";
import type { LedgerStatus } from "../../ledgers/types";
import type { SourceState } from "../../sources/government/government-data";
import { momentCacheStats } from "../../shared/moment-cache";
import type { MonitoringResponse } from "./unified.schemas";

export interface MonitoringDeps {
  requestMetrics: Pick<RequestMetrics, "snapshot">;
  startedAt: Date;
  ledgers: {
    ethereum: { status(): LedgerStatus };
    stellar: { status(): LedgerStatus };
    xrpl: { status(): LedgerStatus };
  };
  /** The database ping as the status route reads it (at most one a second). */
  ping(): Promise<PromiseSettledResult<number>>;
  governmentSources(): SourceState[];
  cache?: { hits: number; misses: number };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function monitoring(d: MonitoringDeps): Promise<MonitoringResponse> {
  const m = d.requestMetrics.snapshot();
  const cache = d.cache ?? momentCacheStats;
  const lookups = cache.hits + cache.misses;
  const window = m.since
    ? `the last ${m.requests} /api requests this process answered (since ${m.since})`
    : "no request yet";
  const pinged = await d.ping();
  const ledger = (key: "ethereum" | "stellar" | "xrpl", name: string) => {
    const s = d.ledgers[key].status();
    return {
      id: `ledger:${key}`,
      name: `${name} (${s.network})`,
      connected: s.mode === "live",
      detail: s.mode === "live" ? `live at ${s.endpoint}` : `simulated: ${s.reason ?? "not live"}`,
    };
  };
  const items = [
    ledger("ethereum", "Ethereum ledger"),
    ledger("stellar", "Stellar ledger"),
    ledger("xrpl", "XRP Ledger"),
    {
      id: "database",
      name: "Database",
      connected: pinged.status === "fulfilled",
      detail:
        pinged.status === "fulfilled"
          ? `answered a ping in ${Math.round(pinged.value)} ms`
          : `no answer: ${pinged.reason instanceof Error ? pinged.reason.message : String(pinged.reason)}`,
    },
    ...d.governmentSources().map((s) => ({
      id: `government:${s.source}`,
      name: s.name,
      connected: s.live === "live",
      detail: `${s.live}: ${s.reason}`,
    })),
  ];
  return {
    figures: {
      p50Ms: { value: m.p50Ms, unit: "ms", how: `median duration of ${window}` },
      p95Ms: { value: m.p95Ms, unit: "ms", how: `95th percentile duration of ${window}` },
      errorRate: {
        value: m.errorRate,
        unit: "%",
        how: `share of ${window} answered with a 5xx or abandoned before the answer (a 4xx is the client's mistake answered correctly)`,
      },
      uptimeSeconds: {
        value: Math.round((Date.now() - d.startedAt.getTime()) / 1000),
        unit: "s",
        how: `since this API process started (${d.startedAt.toISOString()})`,
      },
      cacheHitRate: {
        value: lookups === 0 ? null : round2((cache.hits / lookups) * 100),
        unit: "%",
        how:
          lookups === 0
            ? "no read cache lookup yet"
            : `answers served from the API's in-memory read caches out of every lookup since start (${cache.hits} hits, ${cache.misses} computed)`,
      },
    },
    requests: m.requests,
    since: m.since,
    integrations: { connected: items.filter((i) => i.connected).length, total: items.length, items },
    timestamp: new Date().toISOString(),
  };
}
