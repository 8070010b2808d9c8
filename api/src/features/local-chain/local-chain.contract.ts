// The local-chain time control's endpoints (http/endpoint.ts), declared once for the API (local-chain.routes.ts
// mounts them) and the dapp (components/local-chain-time.tsx calls them). Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type { advanceTimeRequest, advanceTimeResponse, localChainTimeResponse } from "./local-chain.schemas";

export const localChainContract = {
  time: endpoint<{ response: typeof localChainTimeResponse }>()({
    method: "get",
    path: "/api/local-chain/time",
    access: "visitor",
    feature: "local-chain",
    summary: "The local chain's time against the server's clock, and whether it can be advanced here",
  }),
  advanceTime: endpoint<{ body: typeof advanceTimeRequest; response: typeof advanceTimeResponse }>()({
    method: "post",
    path: "/api/local-chain/advance-time",
    access: "operator",
    feature: "local-chain",
    summary: "Local Hardhat chain only: advance its clock by 1, 7 or 30 days (evm_increaseTime + a mined block)",
    errors: ["NOT_FOUND", "LEDGER_UNAVAILABLE"],
    write: true,
  }),
};
