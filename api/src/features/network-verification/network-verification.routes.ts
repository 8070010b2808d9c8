// GET /api/network-verification: anyone may ask; the probes are bounded (3 s, in parallel) and shared (one run
// at a time, kept 15 s), so asking changes nothing and a crowd costs one probe per network.
import { implement, type FeatureRouter } from "../../http/route";
import { networkVerificationContract } from "./network-verification.contract";
import { verificationQuery, verificationResponse } from "./network-verification.schemas";
import { createVerificationService, runVerification, type NetworkTargets } from "./network-verification.service";

export type NetworkVerificationDeps = NetworkTargets;

export function createNetworkVerificationRouter(deps: NetworkVerificationDeps): FeatureRouter {
  const service = createVerificationService({ run: () => runVerification(deps) });
  const c = networkVerificationContract;
  return {
    feature: "network-verification",
    routes: [
      implement(c.verify, {
        query: verificationQuery,
        response: verificationResponse,
        handler: ({ query }) => service.verify(query.refresh === "true"),
      }),
    ],
    exports: {},
  };
}
