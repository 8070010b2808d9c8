// HTTP surface of the stellar-account feature (the /stellar-key-input page): zod in, zod out. The writes
// (friendbot, the relay) are rate-limited like every write; a body carrying a Stellar secret is refused by
// its schema before a handler or a log line sees it.
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import { stellarAccountContract } from "./stellar-account.contract";
import {
  createStellarAccountService,
  type StellarAccountDeps,
  type StellarAccountService,
} from "./stellar-account.service";
import {
  stellarAccountParams,
  stellarAccountResponse,
  stellarFundRequest,
  stellarFundResponse,
  stellarLookupQuery,
  stellarLookupResponse,
  stellarNetworkResponse,
  stellarSubmitRequest,
  stellarSubmitResponse,
} from "./stellar-account.schemas";

export function createStellarAccountRouter(deps: StellarAccountDeps): FeatureRouter<StellarAccountService> {
  const service = createStellarAccountService(deps);
  return { feature: "stellar-account", routes: stellarAccountRoutes(service), exports: service };
}

function stellarAccountRoutes(service: StellarAccountService): RouteDef[] {
  const c = stellarAccountContract;
  return [
    implement(c.network, { response: stellarNetworkResponse, handler: () => service.network() }),
    implement(c.account, {
      params: stellarAccountParams,
      response: stellarAccountResponse,
      handler: ({ params }) => service.account(params.publicKey),
    }),
    implement(c.lookup, {
      query: stellarLookupQuery,
      response: stellarLookupResponse,
      handler: ({ query }) => service.lookup(query.address),
    }),
    implement(c.fund, {
      body: stellarFundRequest,
      response: stellarFundResponse,
      handler: ({ body }) => service.fund(body.publicKey),
    }),
    implement(c.submit, {
      body: stellarSubmitRequest,
      response: stellarSubmitResponse,
      handler: ({ body }) => service.submit(body.envelopeXdr),
    }),
  ];
}
