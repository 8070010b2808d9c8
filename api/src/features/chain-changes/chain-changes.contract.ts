// GET /api/chain/changes's contract (http/endpoint.ts), declared once for the API (chain-changes.routes.ts mounts
// it) and the dapp (lib/chain-changes/ listens to it with EventSource). Schema by type only.
import { endpoint } from "../../http/endpoint";
import type { chainChangeEvent } from "./chain-changes.schemas";

export const chainChangesContract = {
  changes: endpoint<{ response: typeof chainChangeEvent }>()({
    method: "get",
    path: "/api/chain/changes",
    access: "visitor",
    feature: "chain-changes",
    summary:
      "Server-sent events: the EVM event index's head when the stream opens, then every indexed block range with the contracts and accounts its events name",
    errors: ["RATE_LIMITED", "LEDGER_BUSY"],
    binary: {
      contentType: "text/event-stream",
      description:
        'Events named "chain", each a JSON object: kind (head | change | reset), chainId, chainInstance, fromBlock, toBlock, timestamp, contracts, accounts',
    },
  }),
};
