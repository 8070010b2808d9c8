// The crowdfunding feature's endpoints (http/endpoint.ts), declared once for the API (crowdfunding.routes.ts
// mounts them) and the dapp (features/crowdfunding/api/ calls them). Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type {
  createProjectRequest,
  createProjectResponse,
  fundRequest,
  fundResponse,
  projectsResponse,
  userStatsQuery,
  userStatsResponse,
  verifyRequest,
  verifyResponse,
} from "./crowdfunding.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export const crowdfundingContract = {
  projects: endpoint<{ response: typeof projectsResponse }>()({
    method: "get",
    path: "/api/vibecoins/projects",
    access: "visitor",
    feature: "crowdfunding",
    summary:
      "The crowdfunding projects, each with its campaign's goal, raised USDC, deadline and state read from the chain, and its latest attestation",
  }),
  stats: endpoint<{ query: typeof userStatsQuery; response: typeof userStatsResponse }>()({
    method: "get",
    path: "/api/user/stats",
    access: "visitor",
    feature: "crowdfunding",
    summary:
      "A wallet's VIBE balance from the chain, and its environmentalScore and gamingLevel by the stated rule from its recorded actions (default: the signed-in wallet)",
    errors: ["INVALID_INPUT", "UNAUTHENTICATED"],
  }),
  fund: endpoint<{ body: typeof fundRequest; response: typeof fundResponse }>()({
    method: "post",
    path: "/api/vibecoins/fund",
    access: "wallet",
    feature: "crowdfunding",
    summary:
      "Record the signed-in wallet's own $50 contribution (read from its transaction's Contributed event, once) and mint its VIBE reward",
    errors: ["INVALID_INPUT", "UNAUTHENTICATED", "NOT_FOUND", "CONFLICT", ...LEDGER_ERRORS],
    write: true,
  }),
  verify: endpoint<{ body: typeof verifyRequest; response: typeof verifyResponse }>()({
    method: "post",
    path: "/api/utah-agency/verify",
    access: "wallet",
    feature: "crowdfunding",
    summary:
      "Record an allow-listed verifier wallet's own attestation for a project (read from its Attested event, once) and mint its VIBE reward",
    errors: ["INVALID_INPUT", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", ...LEDGER_ERRORS],
    write: true,
  }),
  create: endpoint<{ body: typeof createProjectRequest; response: typeof createProjectResponse }>()({
    method: "post",
    path: "/api/vibecoins/projects",
    access: "wallet",
    feature: "crowdfunding",
    summary:
      "Store the signed-in wallet's project for the campaign its own createCampaign transaction created (read from CampaignCreated)",
    errors: ["INVALID_INPUT", "UNAUTHENTICATED", "CONFLICT", ...LEDGER_ERRORS],
    statuses: [201],
    write: true,
  }),
};
