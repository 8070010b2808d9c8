// The xrpl-account feature's endpoints (http/endpoint.ts), declared once for the API (xrpl-account.routes.ts
// mounts them) and the dapp (lib/xrpl/xrpl-api.ts calls them, for every page that reads or relays on XRPL).
import { endpoint } from "../../http/endpoint";
import type { xrplFundBody, xrplSubmitBody } from "./xrpl-account.bodies";
import type {
  xrplAccountResponse,
  xrplAddressParams,
  xrplFundResponse,
  xrplLookupQuery,
  xrplLookupResponse,
  xrplNetworkResponse,
  xrplSubmitResponse,
} from "./xrpl-account.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export const xrplAccountContract = {
  network: endpoint<{ response: typeof xrplNetworkResponse }>()({
    method: "get",
    path: "/api/xrpl/network",
    access: "visitor",
    feature: "xrpl-account",
    summary:
      "The XRPL network: reserves and validated ledger from server_info, the fee (the node's, or the reference cost, labelled), the XQB issuer (the server wallet)",
    errors: LEDGER_ERRORS,
  }),
  account: endpoint<{ params: typeof xrplAddressParams; response: typeof xrplAccountResponse }>()({
    method: "get",
    path: "/api/xrpl/accounts/:address",
    access: "visitor",
    feature: "xrpl-account",
    summary: "An XRPL account: balance, reserves (from the ledger), sequence, trust lines, recent transactions",
    errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
  }),
  lookup: endpoint<{ query: typeof xrplLookupQuery; response: typeof xrplLookupResponse }>()({
    method: "get",
    path: "/api/xrpl/lookup",
    access: "visitor",
    feature: "xrpl-account",
    summary:
      "Public lookup of any XRPL testnet account by its classic address or X-address (decoded to the classic address and tag; a main-net X-address is refused): balance, sequence, trust lines; not reachable: said so, balance unknown",
    errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
  }),
  fund: endpoint<{ body: typeof xrplFundBody; response: typeof xrplFundResponse }>()({
    method: "post",
    path: "/api/xrpl/fund",
    access: "visitor",
    feature: "xrpl-account",
    summary: "Funds an XRPL account from the testnet faucet (simulated: nothing funded, said so)",
    errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
    write: true,
  }),
  submit: endpoint<{ body: typeof xrplSubmitBody; response: typeof xrplSubmitResponse }>()({
    method: "post",
    path: "/api/xrpl/submit",
    access: "visitor",
    feature: "xrpl-account",
    summary:
      "Relays a transaction signed in the browser (hex blob with LastLedgerSequence); waits for validation or expiry",
    errors: ["INVALID_INPUT", ...LEDGER_ERRORS],
    write: true,
  }),
};
