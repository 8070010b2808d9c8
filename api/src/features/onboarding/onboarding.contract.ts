// The onboarding checklist's endpoints (http/endpoint.ts), declared once for the API (onboarding.routes.ts) and the
// dapp (features/onboarding/api/). Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type { onboardingCheckRequest, onboardingProgressQuery, onboardingProgressResponse } from "./onboarding.schemas";

export const onboardingContract = {
  progress: endpoint<{ query: typeof onboardingProgressQuery; response: typeof onboardingProgressResponse }>()({
    method: "get",
    path: "/api/onboarding/progress",
    access: "visitor",
    feature: "onboarding",
    summary:
      "A wallet's seven onboarding steps: the recorded ones with their evidence and time, and steps 5-7 (funded, first mint, first stake) read now from the faucet's claims, the chain and the event index; nothing is written",
  }),
  check: endpoint<{ body: typeof onboardingCheckRequest; response: typeof onboardingProgressResponse }>()({
    method: "post",
    path: "/api/onboarding/check",
    access: "wallet",
    feature: "onboarding",
    summary:
      "Records the signed-in wallet's own steps: 1-3 as the browser reports them (wallet found, chain id, connected address: must be the session's), 4-7 from what the API reads (the session, the faucet claim or balance, the first Minted and Deposit events); a step without evidence is not recorded",
    errors: ["UNAUTHENTICATED"],
    write: true,
  }),
};
