// HTTP surface of the minting feature: zod in (request schemas), zod out (records parsed before sending).
import { Router } from "express";
import { parseBody, parseQuery } from "../../http/validate";
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

export function mintingRoutes(service: MintingService): Router {
  const router = Router();

  router.post("/api/xqbme/mint-xqb", async (req, res) => {
    const record = await service.mintXqb(parseBody(ethMintRequest, req));
    res.json(mintRecord.parse(record));
  });

  // 201 when this call recorded the mint, 200 when the same transaction was already recorded.
  router.post("/api/xqbme/wallet-mint", async (req, res) => {
    const { record, created } = await service.recordWalletMint(parseBody(walletMintRequest, req));
    res.status(created ? 201 : 200).json(mintRecord.parse(record));
  });

  router.post("/api/vibecoins/mint-stellar", async (req, res) => {
    const record = await service.mintStellar(parseBody(stellarMintRequest, req));
    res.json(mintRecord.parse(record));
  });

  router.post("/api/quantum-cross-chain/xrp-volume-test", async (req, res) => {
    const record = await service.xrpVolumeTest(parseBody(xrpVolumeRequest, req));
    res.json(mintRecord.parse(record));
  });

  router.get("/api/minting/history", async (req, res) => {
    const { limit } = parseQuery(historyQuery, req);
    res.json(mintHistoryResponse.parse({ mints: await service.history(limit) }));
  });

  return router;
}
