// The congressional presentation's one endpoint (http/endpoint.ts), declared once for the API and the dapp. Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type { congressionalFiguresResponse } from "./congressional.schemas";

export const congressionalContract = {
  figures: endpoint<{ response: typeof congressionalFiguresResponse }>()({
    method: "get",
    path: "/api/congressional/figures",
    access: "visitor",
    feature: "congressional",
    summary:
      "The presentation's figures in one answer: the compliance score (the compliance audit's GENIUS Act rules met, n of m, read from the chain now), the activities count (environmental VIBE mints recorded plus wallets with a minted VIBE reward), the federal endpoints (government data sources configured for live reads), the national debt from the government data layer, and a fresh ML-DSA-65 signature check. Each says how it was computed; the spec's defaults (90, 12, 5, $36.2T) only when the data is missing, labelled so. Computed at most once every 5 s for everyone; each part has 2.5 s.",
  }),
};
