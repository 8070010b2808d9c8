// The environmental monitoring page's endpoints (/environmental-monitoring), declared once for the API and the
// dapp. Schemas by type only. All three are visitor reads.
import { endpoint } from "../../http/endpoint";
import type { energyResponse, projectsResponse, rewardsQuery, rewardsResponse } from "./environmental.schemas";

const feature = "environmental";

export const environmentalContract = {
  energy: endpoint<{ response: typeof energyResponse }>()({
    method: "get",
    path: "/api/environmental/energy",
    access: "visitor",
    feature,
    summary:
      "WTI and Henry Hub (EIA), monthly averages and daily spot prices from the bundled official files with their dates, and each daily series' newest value, live when EIA answers within 3 s, else the bundled row",
  }),
  rewards: endpoint<{ query: typeof rewardsQuery; response: typeof rewardsResponse }>()({
    method: "get",
    path: "/api/environmental/rewards",
    access: "visitor",
    feature,
    summary:
      "Every VIBE mint read from the chain (the event index), newest first and paged: recipient, amount, transaction, block and chain time, and what it was for where a feature recorded it",
  }),
  projects: endpoint<{ response: typeof projectsResponse }>()({
    method: "get",
    path: "/api/environmental/projects",
    access: "visitor",
    feature,
    summary:
      "Each crowdfunding project's funding read from its campaign and its attestation state; impact only as the project's own claim",
  }),
};
