// The mainnet-readiness feature's endpoints (http/endpoint.ts), declared once for the API
// (mainnet-readiness.routes.ts mounts them) and the dapp (features/mainnet-readiness/api/ calls them). Read-only.
import { endpoint } from "../../http/endpoint";
import type {
  mainnetReadinessHistoryQuery,
  mainnetReadinessHistoryResponse,
  mainnetReadinessReportResponse,
  mainnetReadinessStatusResponse,
} from "./mainnet-readiness.schemas";

export const mainnetReadinessContract = {
  status: endpoint<{ response: typeof mainnetReadinessStatusResponse }>()({
    method: "get",
    path: "/api/mainnet-readiness/status",
    access: "visitor",
    feature: "mainnet-readiness",
    summary:
      "What stands between this testnet and mainnet, each item computed now: admin/pause rights held by the Safe (read from the chain), the pause path run, gas within budget, property tests, keys' sources, security/load/DR results with their age, the external audit (none); score by the stated rule; stores a history snapshot on change",
  }),
  history: endpoint<{ query: typeof mainnetReadinessHistoryQuery; response: typeof mainnetReadinessHistoryResponse }>()(
    {
      method: "get",
      path: "/api/mainnet-readiness/history",
      access: "visitor",
      feature: "mainnet-readiness",
      summary: "The readiness score's stored snapshots, oldest first (the chart's series)",
    },
  ),
  report: endpoint<{ response: typeof mainnetReadinessReportResponse }>()({
    method: "get",
    path: "/api/mainnet-readiness/report",
    access: "visitor",
    feature: "mainnet-readiness",
    summary: "The readiness status as a Markdown report to download (computed now, like the status)",
  }),
};
