// GET /api/network: the EVM chain this API serves, as the dapp's wallet code needs it (chain id, the URL a
// browser reads it at, the explorer) and the addresses it can name. Answered from memory; the Safe's
// threshold and owners are read from the chain at most once a minute.
import type { Address } from "viem";
import { implement, type FeatureRouter } from "../../http/route";
import { networkContract } from "./network.contract";
import type { LedgerSelector } from "../../ledgers/selector";
import type { EvmChain } from "../../ledgers/evm";
import { contractsOn } from "../../ledgers/evm/contracts";
import { MomentCache } from "../../shared/moment-cache";
import { addressLabels } from "./network.labels";
import { networkResponse, type NetworkResponse } from "./network.schemas";

export interface NetworkDeps {
  evm: Pick<LedgerSelector<EvmChain>, "run">;
  network: "hardhat" | "sepolia";
  chainId: number;
  /** The API's chain URL: on the local chain the chain guard's public port, which a browser may read. */
  rpcUrl: string;
  explorerBaseUrl: string | null;
  /** The server's signing account. */
  serverSigner: Address;
}

/** Browsers revalidate after a minute (the ETag makes that a 304); the answer changes only with a redeploy or a Safe vote. */
const CACHE_CONTROL = "public, max-age=60";

export function createNetworkRouter(deps: NetworkDeps): FeatureRouter {
  const contracts = contractsOn(deps.chainId);
  const cache = new MomentCache<"network", NetworkResponse>(60_000);
  let last: NetworkResponse | null = null;

  async function safePolicy(): Promise<{ threshold: number; owners: number } | null> {
    if (!contracts?.TreasuryMultisig) return null;
    try {
      const read = await deps.evm.run(async (evm) => {
        const [threshold, owners] = await Promise.all([
          evm.read({ contract: "TreasuryMultisig", functionName: "getThreshold" }),
          evm.read({ contract: "TreasuryMultisig", functionName: "getOwners" }),
        ]);
        return { threshold: Number(threshold), owners: owners.length };
      });
      return { threshold: read.threshold, owners: read.owners };
    } catch {
      // The node cannot be read (simulated): the label names the Safe without a policy it did not read.
      return null;
    }
  }

  async function load(): Promise<NetworkResponse> {
    const next = networkResponse.parse({
      chainId: deps.chainId,
      network: deps.network,
      rpcUrl: deps.network === "hardhat" ? deps.rpcUrl : null,
      explorerBaseUrl: deps.explorerBaseUrl,
      labels: addressLabels({
        chainId: deps.chainId,
        serverSigner: deps.serverSigner,
        contracts,
        safePolicy: await safePolicy(),
      }),
    });
    // The same object while nothing changed, so the route sends the JSON (and ETag) it already made.
    if (last && JSON.stringify(last) === JSON.stringify(next)) return last;
    last = next;
    return next;
  }

  const c = networkContract;
  return {
    feature: "network",
    routes: [
      implement(c.network, {
        response: networkResponse,
        handler: async ({ res }) => {
          const answer = await cache.get("network", load);
          res.setHeader("Cache-Control", CACHE_CONTROL);
          return answer;
        },
      }),
    ],
    exports: {},
  };
}
