// The network-verification feature's endpoint, declared once for the API and the dapp. Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type { verificationQuery, verificationResponse } from "./network-verification.schemas";

export const networkVerificationContract = {
  verify: endpoint<{ query: typeof verificationQuery; response: typeof verificationResponse }>()({
    method: "get",
    path: "/api/network-verification",
    access: "visitor",
    feature: "network-verification",
    summary:
      "Per network (the local chain, Sepolia, Stellar testnet, XRPL testnet) the constants that identify it, each with its expected value and source, the value read live and pass / fail / not-reachable / not-configured; the latest block or ledger with its age, the clock skew, the probe latency, and a transaction signed with a throwaway key and verified offline (never submitted). Probes have 3 s and run in parallel; a run is kept 15 s, refresh=true runs anew once it is 3 s old",
  }),
};
