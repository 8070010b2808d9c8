// The stellar-account feature's endpoints (http/endpoint.ts), declared once for the API
// (stellar-account.routes.ts mounts them) and the dapp (lib/stellar/stellar-api.ts calls them, for every page that
// reads or relays on Stellar). A body carrying a Stellar secret is refused by its schema.
import { endpoint } from "../../http/endpoint";
import type {
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

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export const stellarAccountContract = {
  network: endpoint<{ response: typeof stellarNetworkResponse }>()({
    method: "get",
    path: "/api/stellar/network",
    access: "visitor",
    feature: "stellar-account",
    summary:
      "The Stellar network the page signs for: passphrase, base fee (Horizon fee_stats, or the SDK default, labelled), base reserve (from the ledger), VIBE and XQB with their issuers",
    errors: LEDGER_ERRORS,
  }),
  account: endpoint<{ params: typeof stellarAccountParams; response: typeof stellarAccountResponse }>()({
    method: "get",
    path: "/api/stellar/accounts/:publicKey",
    access: "visitor",
    feature: "stellar-account",
    summary:
      "A Stellar account: balances, trustlines with limits, sequence, subentries and its minimum balance (reserve) read from the ledger",
    errors: LEDGER_ERRORS,
  }),
  lookup: endpoint<{ query: typeof stellarLookupQuery; response: typeof stellarLookupResponse }>()({
    method: "get",
    path: "/api/stellar/lookup",
    access: "visitor",
    feature: "stellar-account",
    summary:
      "Public lookup of any Stellar testnet account by its public key (G…): balances, trustlines and sequence read from Horizon now; not reachable: said so, balance unknown",
    errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
  }),
  fund: endpoint<{ body: typeof stellarFundRequest; response: typeof stellarFundResponse }>()({
    method: "post",
    path: "/api/stellar/fund",
    access: "visitor",
    feature: "stellar-account",
    summary: "Fund a new Stellar testnet account through friendbot (public key only)",
    errors: LEDGER_ERRORS,
    write: true,
  }),
  submit: endpoint<{ body: typeof stellarSubmitRequest; response: typeof stellarSubmitResponse }>()({
    method: "post",
    path: "/api/stellar/submit",
    access: "visitor",
    feature: "stellar-account",
    summary:
      "Relay a transaction envelope signed in the browser (never a key); simulated: decoded and hashed, not submitted",
    errors: LEDGER_ERRORS,
    write: true,
  }),
};
