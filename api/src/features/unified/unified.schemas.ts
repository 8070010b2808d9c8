// The HTTP contract of GET /api/unified/status and GET /api/unified/attestation-key.
import { z } from "zod";

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
