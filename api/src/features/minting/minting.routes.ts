// HTTP surface of the minting feature: zod in (request schemas), zod out (records parsed before sending).
import type { Db } from "../../db/client";
import { route, type FeatureRouter, type RouteDef } from "../../http/route";
import { keepFunded } from "./minting.accounts";
import { createMintRepository } from "./minting.repository";
import { createMintingService, type MintingService, type MintingServiceDeps } from "./minting.service";
import {
  ethMintRequest,
  historyQuery,
  mintHistoryResponse,
  mintingRatesResponse,
  mintRecord,
  stellarMintRequest,
  walletMintRequest,
  xrpVolumeRequest,
} from "./minting.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export interface MintingStats {
  /** Stored records by source: one query, at most once a second however often status is asked. */
  counts(): Promise<{ live: number; simulated: number }>;
}

/** The minting feature: its routes, and the record counts the status page shows. */
export function createMintingRouter(deps: Omit<MintingServiceDeps, "repository"> & { db: Db }): FeatureRouter<MintingStats> {
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
  return [
    route({
      method: "get",
      path: "/api/minting/rates",
      access: "visitor",
      feature: "minting",
      summary: "XQBMinter's rules read from the chain now (XQB per ETH, XQBUSD per ETH, minimum), the VIBE rate, the accepted amounts",
      response: mintingRatesResponse,
      handler: () => service.rates(),
    }),
    route({
      method: "post",
      path: "/api/xqbme/mint-xqb",
      access: "visitor",
      feature: "minting",
      summary: "Mint XQB and XQBUSD for ETH, signed by the server account (XQBMinter.mint)",
      body: ethMintRequest,
      response: mintRecord,
      errors: [...LEDGER_ERRORS],
      write: true,
      handler: ({ body }) => service.mintXqb(body),
    }),
    route({
      method: "post",
      path: "/api/xqbme/wallet-mint",
      access: "visitor",
      feature: "minting",
      summary: "Record a mint the browser wallet sent: 201 when recorded now, 200 when it already was",
      body: walletMintRequest,
      response: mintRecord,
      statuses: [201],
      errors: [...LEDGER_ERRORS],
      write: true,
      handler: async ({ body }) => {
        const { record, created } = await service.recordWalletMint(body);
        return { status: created ? 201 : 200, body: record };
      },
    }),
    route({
      method: "post",
      path: "/api/vibecoins/mint-stellar",
      access: "visitor",
      feature: "minting",
      summary: "Mint VIBE on Stellar against XLM (one atomic transaction)",
      body: stellarMintRequest,
      response: mintRecord,
      errors: [...LEDGER_ERRORS],
      write: true,
      handler: ({ body }) => service.mintStellar(body),
    }),
    route({
      method: "post",
      path: "/api/quantum-cross-chain/xrp-volume-test",
      access: "visitor",
      feature: "minting",
      summary: "Send an XRP payment as a volume test",
      body: xrpVolumeRequest,
      response: mintRecord,
      errors: [...LEDGER_ERRORS],
      write: true,
      handler: ({ body }) => service.xrpVolumeTest(body),
    }),
    route({
      method: "get",
      path: "/api/minting/history",
      access: "visitor",
      feature: "minting",
      summary: "Stored mints, newest first",
      query: historyQuery,
      response: mintHistoryResponse,
      errors: ["INVALID_INPUT"],
      handler: ({ query }) => service.history(query.limit, query.cursor),
    }),
  ];
}
