// The API's answers for the page's tests, shaped as the real API answers on the local chain with Stellar and XRPL
// offline, and parsed here with its own schemas, so a schema change fails the tests.
import {
  executeResponse,
  monitoringResponse,
  operationsResponse,
  platformsResponse,
  type OperationRun,
} from "../../../../../api/src/features/unified/unified.schemas";
import { PLATFORMS, type PlatformId } from "../constants";

const AT = "2026-11-29T08:00:00.000Z";

const absent = (id: PlatformId) => ({
  id,
  ...PLATFORMS[id],
  features: [],
  status: "not part of this product",
  statusBasis: "This product has no such platform; nothing is measured.",
  metrics: [],
  operations: [],
});
const present = (
  id: PlatformId,
  status: string,
  statusBasis: string,
  metrics: [string, string, string][],
  ops: string[],
) => ({
  id,
  ...PLATFORMS[id],
  features: [...PLATFORMS[id].features],
  status,
  statusBasis,
  metrics: metrics.map(([label, value, how]) => ({ label, value, how })),
  operations: ops,
});

export const PLATFORMS_ANSWER = platformsResponse.parse({
  timestamp: AT,
  platforms: [
    present(
      "cross-chain",
      "degraded",
      "Now: relayer no relayer holds the lease (this API's relayer is not running). no stored run has looked at it yet",
      [
        ["Transfers finished", "3", "stored bridge transfers delivered or released, this chain run"],
        ["In flight", "1", "stored transfers the relayer still moves"],
        ["Failed or refunded", "0", "stored transfers whose delivery failed"],
        ["Relayer heartbeat", "no relayer holds the lease", "the relayer lease's renewal time in the database"],
      ],
      ["sync_bridges", "health_check"],
    ),
    present(
      "quantum-crypto",
      "operational",
      "Now: attestation key loaded; no stored file failed its last verification. last threat_scan (run #2 at 2026-11-29T07:59:00.000Z): ok",
      [
        ["Attestation key", "ML-DSA-65 9f2c1e0a7b3d4c5e… (ephemeral)", "the key signing quantum-secured records"],
        ["Isolator files verified", "2 of 2", "stored files whose envelope passed every check when last verified"],
        ["Integrity failures", "0", "stored post-quantum envelopes that failed a check when last verified"],
      ],
      ["threat_scan"],
    ),
    present(
      "xrp-ledger",
      "degraded",
      "Now: simulated (s.altnet.rippletest.net:51233 unreachable). no stored run has looked at it yet",
      [
        ["Mode", "simulated", "the XRPL selector's last probe"],
        ["Latest ledger", "not read", "the validated ledger index the last probe read"],
        ["Probe latency", "1002 ms", "the last probe's round trip"],
      ],
      ["health_check"],
    ),
    absent("mobile-wallet"),
    absent("restaurant-pos"),
    present(
      "smart-contracts",
      "operational",
      "Now: live at 127.0.0.1:8545. no stored run has looked at it yet",
      [
        ["Contracts in the deploy map", "20", "contracts/generated/31337.ts, written by the deploy"],
        ["With code at the last health check", "not checked yet", "eth_getCode at each address"],
        ["Latest block", "#312", "the EVM selector's last probe of 127.0.0.1:8545 (hardhat)"],
      ],
      ["health_check"],
    ),
    absent("consciousness-tracking"),
  ],
});

const SCAN: OperationRun = {
  id: 2,
  operation: "threat_scan",
  platform: "quantum-crypto",
  outcome: "ok",
  ranBy: "open (local presenter)",
  startedAt: "2026-11-29T07:59:00.000Z",
  durationMs: 41,
  requestedAt: "2026-11-29T07:59:00.000Z",
  result: {
    summary: "All 2 stored files verified",
    checks: [
      {
        id: "integrity",
        name: "Stored files read back and verified",
        status: "ok",
        detail: "2 of 2 verified, 20,480 bytes read",
        latencyMs: 40,
      },
    ],
    checked: 2,
    ok: 2,
    failures: [],
    bytesRead: 20480,
  },
};

export const OPERATIONS_ANSWER = operationsResponse.parse({
  last: { health_check: null, sync_bridges: null, threat_scan: SCAN },
  running: [],
  history: [SCAN],
});

export const HEALTH_RUN = executeResponse.parse({
  success: true,
  joined: false,
  run: {
    id: 3,
    operation: "health_check",
    platform: "all",
    outcome: "failed",
    ranBy: "open (local presenter)",
    startedAt: AT,
    durationMs: 212,
    requestedAt: AT,
    result: {
      summary: "3 of 5 checks ok, 1 degraded, 1 failed",
      checks: [
        {
          id: "ledger:ethereum",
          name: "Ethereum ledger (hardhat)",
          status: "ok",
          detail: "live at 127.0.0.1:8545, latest block 312",
          latencyMs: 4,
        },
        {
          id: "ledger:xrpl",
          name: "XRP Ledger (testnet)",
          status: "degraded",
          detail: "simulated: unreachable",
          latencyMs: 1002,
        },
        { id: "database", name: "Database", status: "ok", detail: "answered a ping in 1 ms", latencyMs: 1 },
        {
          id: "contract:XQBUSD",
          name: "XQBUSD",
          status: "failed",
          detail: "no code at 0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0",
          latencyMs: 2,
        },
        {
          id: "relayer",
          name: "Bridge relayer",
          status: "ok",
          detail: "last heartbeat 1.2 s ago (this API's relayer runs)",
          latencyMs: null,
        },
      ],
    },
  },
});

export const MONITORING_ANSWER = monitoringResponse.parse({
  figures: {
    p50Ms: { value: 3.21, unit: "ms", how: "median duration of the last 120 /api requests this process answered" },
    p95Ms: { value: 48.5, unit: "ms", how: "95th percentile duration of the last 120 /api requests" },
    errorRate: { value: 0.83, unit: "%", how: "share of the last 120 /api requests answered with a 5xx or abandoned" },
    uptimeSeconds: { value: 5400, unit: "s", how: "since this API process started (2026-11-29T06:30:00.000Z)" },
    cacheHitRate: {
      value: 71.43,
      unit: "%",
      how: "answers served from the API's in-memory read caches (50 hits, 20 computed)",
    },
  },
  requests: 120,
  since: "2026-11-29T06:30:01.000Z",
  integrations: {
    connected: 2,
    total: 4,
    items: [
      { id: "ledger:ethereum", name: "Ethereum ledger (hardhat)", connected: true, detail: "live at 127.0.0.1:8545" },
      { id: "ledger:xrpl", name: "XRP Ledger (testnet)", connected: false, detail: "simulated: unreachable" },
      { id: "database", name: "Database", connected: true, detail: "answered a ping in 1 ms" },
      { id: "government:fred", name: "FRED", connected: false, detail: "disabled: no key (FRED_API_KEY unset)" },
    ],
  },
  timestamp: AT,
});
