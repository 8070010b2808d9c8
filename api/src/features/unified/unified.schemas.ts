// The HTTP contract of the unified feature: the status, the attestation key, and the Presidential Dashboard's
// operations, platform cards and monitoring.
import { z } from "zod";
import {
  EXECUTE_PLATFORMS,
  OPERATION_NAMES,
  OPERATIONS,
  OUTCOMES,
  PLATFORM_IDS,
  PLATFORM_STATUSES,
  type Operation,
} from "./unified.constants";

export const ledgerStatus = z.object({
  ledger: z.enum(["ethereum", "stellar", "xrpl"]),
  network: z.string(),
  mode: z.enum(["live", "simulated"]),
  reachable: z.boolean(),
  reason: z.string().nullable(),
  endpoint: z.string(),
  latestBlock: z.number().int().nullable(),
  lastProbeAt: z.string().nullable(),
  lastProbeLatencyMs: z.number().nullable(),
  account: z.string().nullable(),
});
export type LedgerStatusBody = z.infer<typeof ledgerStatus>;

export const unifiedStatusResponse = z.object({
  ledgers: z.object({ ethereum: ledgerStatus, stellar: ledgerStatus, xrpl: ledgerStatus }),
  database: z.object({
    ok: z.boolean(),
    driver: z.enum(["pglite", "postgres"]),
    latencyMs: z.number().nullable(),
    error: z.string().nullable(),
  }),
  /** Count of stored mint records, by source. */
  mints: z.object({ live: z.number().int(), simulated: z.number().int() }),
  uptimeSeconds: z.number(),
  timestamp: z.string(),
});
export type UnifiedStatusResponse = z.infer<typeof unifiedStatusResponse>;

export const attestationKeyResponse = z.object({
  algorithm: z.literal("ML-DSA-65"),
  /** base64 */
  publicKey: z.string(),
  publicKeyId: z.string(),
  /** true when PQ_ATTESTATION_SEED is unset and the key lives only as long as the process. */
  ephemeral: z.boolean(),
});
export type AttestationKeyResponse = z.infer<typeof attestationKeyResponse>;

// ---- the dashboard: operations, platform cards, monitoring ---------------------------------------------

/** The spec's payload (part 1 §7): `{ platform, operation, data: { timestamp } }`; each operation has its platform. */
export const executeBody = z
  .object({
    platform: z.enum(EXECUTE_PLATFORMS),
    operation: z.enum(OPERATION_NAMES as [Operation, ...Operation[]]),
    data: z.object({ timestamp: z.iso.datetime({ offset: true }) }),
  })
  .superRefine((body, ctx) => {
    const expected = OPERATIONS[body.operation].platform;
    if (body.platform !== expected)
      ctx.addIssue({
        code: "custom",
        path: ["platform"],
        message: `${body.operation} runs on platform "${expected}", not "${body.platform}"`,
      });
  });
export type ExecuteBody = z.infer<typeof executeBody>;

const outcome = z.enum(OUTCOMES);

/** One thing a run looked at, and what it found. */
export const runCheck = z.object({
  id: z.string(),
  name: z.string(),
  status: outcome,
  detail: z.string(),
  latencyMs: z.number().nullable(),
});
export type RunCheck = z.infer<typeof runCheck>;

const healthResult = z.object({
  summary: z.string(),
  checks: z.array(runCheck),
});
const syncResult = z.object({
  summary: z.string(),
  checks: z.array(runCheck),
  /** New transfers recorded, transfers finished (delivered or released), left in flight, and failed or refunded. */
  counts: z.object({
    found: z.number().int(),
    delivered: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
  }),
  /** False when another relayer holds the lease: this pass did nothing. */
  leader: z.boolean(),
});
const scanResult = z.object({
  summary: z.string(),
  checks: z.array(runCheck),
  checked: z.number().int(),
  ok: z.number().int(),
  failures: z.array(z.object({ fileId: z.string(), version: z.number().int(), failedCheck: z.string().nullable() })),
  bytesRead: z.number().int(),
});

const runBase = {
  id: z.number().int(),
  outcome,
  ranBy: z.string(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  /** The `data.timestamp` the client sent. */
  requestedAt: z.string().nullable(),
};
export const operationRun = z.discriminatedUnion("operation", [
  z.object({ ...runBase, operation: z.literal("health_check"), platform: z.literal("all"), result: healthResult }),
  z.object({
    ...runBase,
    operation: z.literal("sync_bridges"),
    platform: z.literal("cross-chain"),
    result: syncResult,
  }),
  z.object({
    ...runBase,
    operation: z.literal("threat_scan"),
    platform: z.literal("quantum-crypto"),
    result: scanResult,
  }),
]);
export type OperationRun = z.infer<typeof operationRun>;
export type OperationResult<O extends Operation> = Extract<OperationRun, { operation: O }>["result"];

/** The answer of POST /api/unified/execute: the stored run; `joined` when it was already running and this call waited for it. */
export const executeResponse = z.object({ success: z.boolean(), run: operationRun, joined: z.boolean() });
export type ExecuteResponse = z.infer<typeof executeResponse>;

export const operationsResponse = z.object({
  last: z.object({
    health_check: operationRun.nullable(),
    sync_bridges: operationRun.nullable(),
    threat_scan: operationRun.nullable(),
  }),
  /** The operations running now on this API. */
  running: z.array(z.enum(OPERATION_NAMES as [Operation, ...Operation[]])),
  history: z.array(operationRun),
});
export type OperationsResponse = z.infer<typeof operationsResponse>;

const metric = z.object({
  label: z.string(),
  value: z.string(),
  /** How it is measured, in words. */
  how: z.string(),
});
export const platformCard = z.object({
  id: z.enum(PLATFORM_IDS),
  name: z.string(),
  description: z.string(),
  status: z.enum(PLATFORM_STATUSES),
  /** Why the status: the reading or the stored run it comes from. */
  statusBasis: z.string(),
  features: z.array(z.string()),
  metrics: z.array(metric),
  /** Operations that look at this platform. */
  operations: z.array(z.enum(OPERATION_NAMES as [Operation, ...Operation[]])),
});
export type PlatformCard = z.infer<typeof platformCard>;
export const platformsResponse = z.object({ platforms: z.array(platformCard), timestamp: z.string() });
export type PlatformsResponse = z.infer<typeof platformsResponse>;

const figure = z.object({ value: z.number().nullable(), unit: z.string(), how: z.string() });
export const integrationItem = z.object({
  id: z.string(),
  name: z.string(),
  connected: z.boolean(),
  detail: z.string(),
});
export const monitoringResponse = z.object({
  figures: z.object({
    p50Ms: figure,
    p95Ms: figure,
    errorRate: figure,
    uptimeSeconds: figure,
    cacheHitRate: figure,
  }),
  requests: z.number().int(),
  /** The oldest request counted (the metrics keep the last 10,000). */
  since: z.string().nullable(),
  integrations: z.object({ connected: z.number().int(), total: z.number().int(), items: z.array(integrationItem) }),
  timestamp: z.string(),
});
export type MonitoringResponse = z.infer<typeof monitoringResponse>;
