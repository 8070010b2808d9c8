// GET network's contract (http/endpoint.ts), declared once for the API (network.routes.ts mounts it) and the dapp
// (lib/network/ reads it for the wallet code and the address labels). Schema by type only.
import { endpoint } from "../../http/endpoint";
import type { networkResponse } from "./network.schemas";

export const networkContract = {
  network: endpoint<{ response: typeof networkResponse }>()({
    method: "get",
    path: "/api/network",
    access: "visitor",
    feature: "network",
    summary:
      "The EVM chain this API serves: chain id, the browser-facing RPC URL, the explorer, and labels for known addresses",
  }),
};
