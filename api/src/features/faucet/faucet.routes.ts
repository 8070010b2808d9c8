// The testnet faucet's HTTP surface: GET /api/faucet/status (what each asset gives here, the faucet's
// balances read from the chain, the signed-in wallet's last and next claim) and POST /api/faucet/claim
// {asset} for the wallet of the request's Sign-In with Ethereum session only.
import type { Db } from "../../db/client";
import { route, type FeatureRouter } from "../../http/route";
import type { EvmChain } from "../../ledgers/evm";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { LedgerSelector } from "../../ledgers/selector";
import { readSession, requireSession, type SessionStore } from "../../shared/session";
import type { FaucetNode } from "./faucet.ledger";
import { createFaucetClaimStore } from "./faucet.repository";
import { faucetClaimRequest, faucetClaimResponse, faucetStatusResponse } from "./faucet.schemas";
import { createFaucetService } from "./faucet.service";

export interface FaucetDeps {
  db: Db;
  network: string;
  chainId: number;
  evm: LedgerSelector<EvmChain>;
  /** The live chain: the signer road under the faucet account's key (writeAs, sendValueAs). */
  node: FaucetNode;
  devKeys: DevKeysAnswer;
  sessions: SessionStore;
  /** Unix ms; tests move it. */
  now?: () => number;
}

export function createFaucetRouter(deps: FaucetDeps): FeatureRouter {
  const service = createFaucetService({ ...deps, store: createFaucetClaimStore(deps.db, deps.chainId) });
  return {
    feature: "faucet",
    routes: [
      route({
        method: "get",
        path: "/api/faucet/status",
        access: "visitor",
        feature: "faucet",
        summary: "Per asset (XQB, USDC, ETH): the amount, whether it can be claimed here and why not, the faucet's balance, and the signed-in wallet's last and next claim",
        response: faucetStatusResponse,
        handler: async ({ req, res }) => {
          // Per browser (the session's claims): no shared cache may keep it.
          res.setHeader("Cache-Control", "no-store");
          const session = await readSession(req, deps.sessions);
          return service.status(session?.address ?? null);
        },
      }),
      route({
        method: "post",
        path: "/api/faucet/claim",
        access: "wallet",
        feature: "faucet",
        summary: "One claim of an asset for the signed-in wallet (one per wallet and asset per 24 h; 429 with Retry-After when early)",
        body: faucetClaimRequest,
        response: faucetClaimResponse,
        errors: ["UNAUTHENTICATED", "RATE_LIMITED", "LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
        write: true,
        handler: async ({ body, req }) => {
          const session = await requireSession(req, deps.sessions);
          return service.claim(session.address, body.asset);
        },
      }),
    ],
    exports: {},
  };
}
