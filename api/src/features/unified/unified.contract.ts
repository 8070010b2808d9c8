// The unified feature's endpoints (http/endpoint.ts): the platform's status and the attestation key, and the
// Presidential Dashboard's (/unified-platform) operations, platform cards and monitoring.
import { endpoint } from "../../http/endpoint";
import type {
  attestationKeyResponse,
  executeBody,
  executeResponse,
  monitoringResponse,
  operationsResponse,
  platformsResponse,
  unifiedStatusResponse,
} from "./unified.schemas";

export const unifiedContract = {
  status: endpoint<{ response: typeof unifiedStatusResponse }>()({
    method: "get",
    path: "/api/unified/status",
    access: "visitor",
    feature: "unified",
    summary: "Each ledger's mode (live or simulated, and why), the database, the stored mints",
  }),
  attestationKey: endpoint<{ response: typeof attestationKeyResponse }>()({
    method: "get",
    path: "/api/unified/attestation-key",
    access: "visitor",
    feature: "unified",
    summary: "The ML-DSA-65 public key that signs quantum-secured records",
  }),
  execute: endpoint<{ body: typeof executeBody; response: typeof executeResponse }>()({
    method: "post",
    path: "/api/unified/execute",
    access: "operator",
    feature: "unified",
    write: true,
    summary:
      "Runs one dashboard operation now and stores it: health_check (platform all: every ledger probed, the database pinged, eth_getCode at every deployed address, the bridge relayer's heartbeat), sync_bridges (cross-chain: one relayer pass, with counts), threat_scan (quantum-crypto: every stored isolator file read back and verified). One run of a kind at a time: a second request while it runs waits for that run and answers it (joined: true)",
  }),
  operations: endpoint<{ response: typeof operationsResponse }>()({
    method: "get",
    path: "/api/unified/operations",
    access: "visitor",
    feature: "unified",
    summary: "The last stored run of each dashboard operation, the ones running now, and the latest runs",
  }),
  platforms: endpoint<{ response: typeof platformsResponse }>()({
    method: "get",
    path: "/api/unified/platforms",
    access: "visitor",
    feature: "unified",
    summary:
      "The seven platform cards: what exists in this product, each status from a reading now or the last stored run, and measured metrics; the three that are not part of this product say so",
  }),
  monitoring: endpoint<{ response: typeof monitoringResponse }>()({
    method: "get",
    path: "/api/unified/monitoring",
    access: "visitor",
    feature: "unified",
    summary:
      "This API's own request metrics (p50 and p95 latency, error rate), uptime since start, the read caches' hit rate, and which integrations are connected now",
  }),
};
