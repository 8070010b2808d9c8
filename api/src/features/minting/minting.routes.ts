// HTTP surface of the minting feature: zod in (request schemas), zod out (records parsed before sending).
import type { Db } from "../../db/client";
import { implement, type FeatureRouter, type RouteDef } from "../../http/route";
import { mintingContract } from "./minting.contract";
import { keepFunded } from "./minting.accounts";
import { createMintRepository } from "./minting.repository";
import { createMintingService, type MintingService, type MintingServiceDeps } from "./minting.service";
import {
  ethMintRequest,
  historyQuery,
  mintHistoryResponse,
  mintingRatesResponse,
  ethMintRecord,
  stellarMintRecord,
  xrpVolumeRecord,
  stellarMintRequest,
  walletMintRequest,
  xrpVolumeRequest,
} from "./minting.schemas";

export interface MintingStats {
  /** Stored records by source: one query, at most once a second however often status is asked. */
  counts(): Promise<{ live: number; simulated: number }>;
}

/** The minting feature: its routes, and the record counts the status page shows. */
export function createMintingRouter(
  deps: Omit<MintingServiceDeps, "repository"> & { db: Db },
): FeatureRouter<MintingStats> {
  const service = createMintingService({ ...deps, repository: createMintRepository(deps.db) });
  // The feature's own accounts must exist before its first live request: funded as soon as each ledger is live.
  keepFunded(deps.stellar, [deps.accounts.vibeIssuer.publicKey()]);
  keepFunded(deps.xrpl, [deps.accounts.xrpDestination]);
  return {
    feature: "minting",
    routes: mintingRoutes(service),
    exports: { counts: () => service.counts() },
  };
}

function mintingRoutes(service: MintingService): RouteDef[] {
  const c = mintingContract;
  return [
    implement(c.rates, { response: mintingRatesResponse, handler: () => service.rates() }),
    implement(c.mintXqb, {
      body: ethMintRequest,
      response: ethMintRecord,
      handler: ({ body }) => service.mintXqb(body),
    }),
    implement(c.recordWalletMint, {
      body: walletMintRequest,
      response: ethMintRecord,
      handler: async ({ body }) => {
        const { record, created } = await service.recordWalletMint(body);
        return { status: created ? 201 : 200, body: record };
      },
    }),
    implement(c.mintStellar, {
      body: stellarMintRequest,
      response: stellarMintRecord,
      handler: ({ body }) => service.mintStellar(body),
    }),
    implement(c.xrpVolumeTest, {
      body: xrpVolumeRequest,
      response: xrpVolumeRecord,
      handler: ({ body }) => service.xrpVolumeTest(body),
    }),
    implement(c.history, {
      query: historyQuery,
      response: mintHistoryResponse,
      handler: ({ query }) => service.history(query.limit, query.cursor),
    }),
  ];
}
