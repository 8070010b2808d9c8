// The landing page's one endpoint (http/endpoint.ts), declared once for the API and the dapp. Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type { landingSummaryResponse } from "./landing.schemas";

export const landingContract = {
  summary: endpoint<{ response: typeof landingSummaryResponse }>()({
    method: "get",
    path: "/api/landing/summary",
    access: "visitor",
    feature: "landing",
    summary:
      "The landing page's figures in one answer: the four stat cards (government data sources answering, networks by level from the coin layer, quantum security from a fresh ML-DSA-65 signature and the isolator's verified files, the vault's collateral and ratio from the chain), each with how it was computed; the named networks with their status here; one live figure for each of the six blocks; the footer contact. Computed at most once every 5 s for every visitor; each part has 2 s, after which it answers its last value or 'not read' with the reason",
  }),
};
