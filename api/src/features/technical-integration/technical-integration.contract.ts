// The technical-integration feature's endpoint, declared once for the API and the dapp. Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type { technicalOverviewResponse } from "./technical-integration.schemas";

export const technicalIntegrationContract = {
  overview: endpoint<{ response: typeof technicalOverviewResponse }>()({
    method: "get",
    path: "/api/technical-integration/overview",
    access: "visitor",
    feature: "technical-integration",
    summary:
      "The product described by itself: the deploy map's contracts with their code hash and deploy transaction read now and who holds their admin rights, the API by feature from the OpenAPI document with each access rule, each ledger's status and client version read live, the installed versions that matter (package-lock.json, the Solidity settings, Node) and the two roads data takes. Every network read has 3 s; one overview serves everyone for 10 s",
  }),
};
