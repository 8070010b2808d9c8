// The testnet faucet's endpoints (http/endpoint.ts), declared once for the API (faucet.routes.ts mounts them) and
// the dapp (features/faucet/api/ calls them). Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type { faucetClaimRequest, faucetClaimResponse, faucetStatusResponse } from "./faucet.schemas";

export const faucetContract = {
  status: endpoint<{ response: typeof faucetStatusResponse }>()({
    method: "get",
    path: "/api/faucet/status",
    access: "visitor",
    feature: "faucet",
    summary:
      "Per asset (XQB, USDC, ETH): the amount, whether it can be claimed here and why not, the faucet's balance, the global budget left this hour and these 24 h, and the signed-in wallet's last and next claim",
  }),
  claim: endpoint<{ body: typeof faucetClaimRequest; response: typeof faucetClaimResponse }>()({
    method: "post",
    path: "/api/faucet/claim",
    access: "wallet",
    feature: "faucet",
    summary:
      "One claim of an asset for the signed-in wallet (one per wallet and asset per 24 h, within the faucet's budget per asset per hour and per day; 429 with Retry-After and the reason when early or over budget)",
    errors: ["UNAUTHENTICATED", "RATE_LIMITED", "CONFLICT", "LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
    write: true,
  }),
};
