// HTTP surface of the minting feature: zod in (request schemas), zod out (records parsed before sending).
import { route, type RouteDef } from "../../http/route";
import type { MintingService } from "./minting.service";
import {
  ethMintRequest,
  historyQuery,
  mintHistoryResponse,
  mintRecord,
  stellarMintRequest,
  walletMintRequest,
  xrpVolumeRequest,
} from "./minting.schemas";

const LEDGER_ERRORS = ["LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export function mintingRoutes(service: MintingService): RouteDef[] {
  return [
    route({
      method: "post",
      path: "/api/xqbme/mint-xqb",
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
      feature: "minting",
      summary: "Stored mints, newest first",
      query: historyQuery,
      response: mintHistoryResponse,
      handler: async ({ query }) => ({ mints: await service.history(query.limit) }),
    }),
  ];
}
