// The dashboard's three operations, as real work on what this API runs: the health check probes every ledger now,
// pings the database, reads eth_getCode at every address of the deploy map and the bridge relayer's heartbeat; the
// bridge sync runs one relayer pass and counts what it changed; the threat scan is the isolator's integrity pass
// (every stored file read back and verified). What other features offer comes in through these deps (app.ts wires
// their exports); each finding's outcome is the worst of its checks.
import type { Address, Hex } from "viem";
import { withTimeout } from "../../ledgers/deadline";
import type { LedgerStatus } from "../../ledgers/types";
import type { Operation, Outcome } from "./unified.constants";
import type { Finding, OperationWork } from "./unified.runs";
import type { RunCheck } from "./unified.schemas";

/** A read of one part (a ping, one eth_getCode): this long at most. */
export const CHECK_TIMEOUT_MS = 3000;
/** The relayer renews its lease on every pass (every 2 s when idle); a heartbeat older than this means it stopped. */
export const HEARTBEAT_MAX_AGE_MS = 30_000;

const FINISHED = ["delivered", "released"];
const FAILED = ["failed", "refunded", "rejected"];
const IN_FLIGHT = ["locked", "relaying", "seen", "releasing"];

export interface ProbedLedger {
  status(): LedgerStatus;
  probeNow(): Promise<LedgerStatus>;
}

export interface BridgeView {
  /** The relayer of this API: one pass now (serialized with its loop), and its own view of itself. */
  relayer: {
    pass(): Promise<void>;
    status(): { running: boolean; leader: boolean; lastPassAt: Date | null; lastError: string | null };
  };
  /** The lease row every relayer renews on each pass (whichever replica holds it). */
  lease(): Promise<{ heartbeatAt: Date; lastError: string | null } | null>;
  /** Stored transfers per state (both directions, this chain run's outbound ones). */
  totals(): Promise<{ state: string; count: number }[]>;
}

export interface OperationsDeps {
  ledgers: { ethereum: ProbedLedger; stellar: ProbedLedger; xrpl: ProbedLedger };
  database: { ping(): Promise<number> };
  contracts: {
    /** The deploy map's contracts on this chain; null when it has none. */
    list(): { name: string; address: Address }[] | null;
    codeAt(address: Address): Promise<Hex>;
    chainId: number;
  };
  bridge: BridgeView;
  isolator: {
    integrityPass(): Promise<{
      checked: number;
      ok: number;
      failures: { fileId: string; version: number; failedCheck: string | null }[];
      bytesRead: number;
      durationMs: number;
    }>;
  };
  now?: () => Date;
}

const RANK: Record<Outcome, number> = { ok: 0, degraded: 1, failed: 2 };
export const worst = (outcomes: Outcome[]): Outcome =>
  outcomes.reduce<Outcome>((w, o) => (RANK[o] > RANK[w] ? o : w), "ok");

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const check = (
  id: string,
  name: string,
  status: Outcome,
  detail: string,
  latencyMs: number | null = null,
): RunCheck => ({
  id,
  name,
  status,
  detail,
  latencyMs,
});

const LEDGER_NAMES = { ethereum: "Ethereum ledger", stellar: "Stellar ledger", xrpl: "XRP Ledger" } as const;

/** Probed now: a live ledger is ok; a simulated Stellar or XRPL is degraded (the product works, simulated); the EVM not live is failed (every contract lives there). */
async function ledgerCheck(key: keyof typeof LEDGER_NAMES, ledger: ProbedLedger): Promise<RunCheck> {
  const s = await ledger.probeNow();
  const name = `${LEDGER_NAMES[key]} (${s.network})`;
  if (s.mode === "live")
    return check(
      `ledger:${key}`,
      name,
      "ok",
      `live at ${s.endpoint}, latest block ${s.latestBlock ?? "unknown"}`,
      s.lastProbeLatencyMs,
    );
  return check(
    `ledger:${key}`,
    name,
    key === "ethereum" ? "failed" : "degraded",
    `simulated: ${s.reason ?? "not live"}`,
    s.lastProbeLatencyMs,
  );
}

async function databaseCheck(database: OperationsDeps["database"]): Promise<RunCheck> {
  try {
    const ms = await withTimeout(database.ping(), CHECK_TIMEOUT_MS, "database ping");
    return check("database", "Database", "ok", `answered a ping in ${Math.round(ms)} ms`, ms);
  } catch (err) {
    return check("database", "Database", "failed", `no answer: ${message(err)}`);
  }
}

async function contractChecks(contracts: OperationsDeps["contracts"]): Promise<RunCheck[]> {
  const list = contracts.list();
  if (!list || list.length === 0)
    return [check("contracts", "Contracts", "failed", `no deploy map for chain ${contracts.chainId}`)];
  return Promise.all(
    list.map(async ({ name, address }) => {
      const started = performance.now();
      try {
        const code = await withTimeout(contracts.codeAt(address), CHECK_TIMEOUT_MS, `eth_getCode ${address}`);
        const ms = Math.round(performance.now() - started);
        const bytes = code === "0x" ? 0 : (code.length - 2) / 2;
        return bytes === 0
          ? check(`contract:${name}`, name, "failed", `no code at ${address}`, ms)
          : check(`contract:${name}`, name, "ok", `${bytes.toLocaleString("en-US")} bytes of code at ${address}`, ms);
      } catch (err) {
        return check(`contract:${name}`, name, "failed", `code not read at ${address}: ${message(err)}`);
      }
    }),
  );
}

/** The relayer's heartbeat: the lease row's renewal time (any replica's relayer), and this API's relayer's own state. */
export async function relayerCheck(bridge: BridgeView, now: Date): Promise<RunCheck> {
  const own = bridge.relayer.status();
  let lease;
  try {
    lease = await withTimeout(bridge.lease(), CHECK_TIMEOUT_MS, "relayer lease");
  } catch (err) {
    return check("relayer", "Bridge relayer", "failed", `its lease could not be read: ${message(err)}`);
  }
  const running = own.running ? "this API's relayer runs" : "this API's relayer is not running";
  if (!lease) return check("relayer", "Bridge relayer", "degraded", `no relayer holds the lease (${running})`);
  const ageMs = now.getTime() - lease.heartbeatAt.getTime();
  const age = `last heartbeat ${(ageMs / 1000).toFixed(1)} s ago`;
  if (ageMs > HEARTBEAT_MAX_AGE_MS)
    return check(
      "relayer",
      "Bridge relayer",
      "degraded",
      `${age}, older than ${HEARTBEAT_MAX_AGE_MS / 1000} s (${running})`,
    );
  if (lease.lastError)
    return check("relayer", "Bridge relayer", "degraded", `${age}; its last pass failed: ${lease.lastError}`);
  return check("relayer", "Bridge relayer", "ok", `${age} (${running})`);
}

const summaryOf = (checks: RunCheck[]) => {
  const n = (o: Outcome) => checks.filter((c) => c.status === o).length;
  return `${n("ok")} of ${checks.length} checks ok, ${n("degraded")} degraded, ${n("failed")} failed`;
};

async function healthCheck(d: OperationsDeps): Promise<Finding<"health_check">> {
  const now = d.now ?? (() => new Date());
  const [ledgers, database, contracts, relayer] = await Promise.all([
    Promise.all((["ethereum", "stellar", "xrpl"] as const).map((k) => ledgerCheck(k, d.ledgers[k]))),
    databaseCheck(d.database),
    contractChecks(d.contracts),
    relayerCheck(d.bridge, now()),
  ]);
  const checks = [...ledgers, database, ...contracts, relayer];
  return { outcome: worst(checks.map((c) => c.status)), result: { summary: summaryOf(checks), checks } };
}

const sum = (totals: { state: string; count: number }[], states: string[]) =>
  totals.filter((t) => states.includes(t.state)).reduce((n, t) => n + t.count, 0);

async function syncBridges(d: OperationsDeps): Promise<Finding<"sync_bridges">> {
  const before = await d.bridge.totals();
  const started = performance.now();
  await d.bridge.relayer.pass();
  const passMs = Math.round(performance.now() - started);
  const after = await d.bridge.totals();
  const { leader, lastPassAt } = d.bridge.relayer.status();
  const all = (t: typeof after) => t.reduce((n, x) => n + x.count, 0);
  const counts = {
    found: all(after) - all(before),
    delivered: sum(after, FINISHED) - sum(before, FINISHED),
    pending: sum(after, IN_FLIGHT),
    // failed -> refunded stays in the set: only transfers that newly failed, were refunded or rejected count.
    failed: Math.max(0, sum(after, FAILED) - sum(before, FAILED)),
  };
  const checks: RunCheck[] = [
    leader
      ? check("pass", "Relayer pass", "ok", `one pass ran, finished ${lastPassAt?.toISOString() ?? "now"}`, passMs)
      : check(
          "pass",
          "Relayer pass",
          "degraded",
          "another relayer holds the lease (another API replica): this API's pass did nothing",
          passMs,
        ),
    check(
      "failed",
      "Failed or refunded in this pass",
      counts.failed > 0 ? "degraded" : "ok",
      `${counts.failed} transfer(s) failed, were refunded or rejected`,
    ),
  ];
  return {
    outcome: worst(checks.map((c) => c.status)),
    result: {
      summary: `Found ${counts.found}, delivered ${counts.delivered}, ${counts.pending} pending, ${counts.failed} failed`,
      checks,
      counts,
      leader,
    },
  };
}

async function threatScan(d: OperationsDeps): Promise<Finding<"threat_scan">> {
  const pass = await d.isolator.integrityPass();
  const checks: RunCheck[] = [
    check(
      "integrity",
      "Stored files read back and verified",
      pass.failures.length > 0 ? "failed" : "ok",
      pass.checked === 0
        ? "no file is stored in the isolator: nothing to verify"
        : `${pass.ok} of ${pass.checked} verified, ${pass.bytesRead.toLocaleString("en-US")} bytes read`,
      pass.durationMs,
    ),
    ...pass.failures.map((f) =>
      check(
        `file:${f.fileId}`,
        `File ${f.fileId} v${f.version}`,
        "failed",
        `failed the ${f.failedCheck ?? "unknown"} check: its stored envelope was altered or is unreadable`,
      ),
    ),
  ];
  return {
    outcome: worst(checks.map((c) => c.status)),
    result: {
      summary:
        pass.failures.length > 0
          ? `${pass.failures.length} of ${pass.checked} stored files failed verification`
          : `All ${pass.checked} stored files verified`,
      checks,
      checked: pass.checked,
      ok: pass.ok,
      failures: pass.failures,
      bytesRead: pass.bytesRead,
    },
  };
}

export function operationWork(d: OperationsDeps): OperationWork {
  return {
    health_check: () => healthCheck(d),
    sync_bridges: () => syncBridges(d),
    threat_scan: () => threatScan(d),
  } satisfies Record<Operation, unknown>;
}
