// HTTP surface of the stellar-account feature (the /stellar-key-input page): zod in, zod out. The writes
// (friendbot, the relay) are rate-limited like every write; a body carrying a Stellar secret is refused by
// its schema before a handler or a log line sees it.
import { route, type FeatureRouter, type RouteDef } from "../../http/route";
import { createStellarAccountService, type StellarAccountDeps, type StellarAccountService } from "./stellar-account.service";
import {
  stellarAccountParams,
  stellarAccountResponse,
  stellarFundRequest,
  stellarFundResponse,
  stellarNetworkResponse,
  stellarSubmitRequest,
  stellarSubmitResponse,
} from "./stellar-account.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export function createStellarAccountRouter(deps: StellarAccountDeps): FeatureRouter<StellarAccountService> {
  const service = createStellarAccountService(deps);
  return { feature: "stellar-account", routes: stellarAccountRoutes(service), exports: service };
}

function stellarAccountRoutes(service: StellarAccountService): RouteDef[] {
  return [
    route({
      method: "get",
      path: "/api/stellar/network",
      access: "visitor",
      feature: "stellar-account",
      summary: "The Stellar network the page signs for: passphrase, base fee, base reserve (from the ledger), VIBE and XQB with their issuers",
      response: stellarNetworkResponse,
      errors: [...LEDGER_ERRORS],
      handler: () => service.network(),
    }),
    route({
      method: "get",
      path: "/api/stellar/accounts/:publicKey",
      access: "visitor",
      feature: "stellar-account",
      summary: "A Stellar account: balances, trustlines with limits, sequence, subentries and its minimum balance (reserve) read from the ledger",
      params: stellarAccountParams,
      response: stellarAccountResponse,
      errors: [...LEDGER_ERRORS],
      handler: ({ params }) => service.account(params.publicKey),
    }),
    route({
      method: "post",
      path: "/api/stellar/fund",
      access: "visitor",
      feature: "stellar-account",
      summary: "Fund a new Stellar testnet account through friendbot (public key only)",
      body: stellarFundRequest,
      response: stellarFundResponse,
      errors: [...LEDGER_ERRORS],
      write: true,
      handler: ({ body }) => service.fund(body.publicKey),
    }),
    route({
      method: "post",
      path: "/api/stellar/submit",
      access: "visitor",
      feature: "stellar-account",
      summary: "Relay a transaction envelope signed in the browser (never a key); simulated: decoded and hashed, not submitted",
      body: stellarSubmitRequest,
      response: stellarSubmitResponse,
      errors: [...LEDGER_ERRORS],
      write: true,
      handler: ({ body }) => service.submit(body.envelopeXdr),
    }),
  ];
}
