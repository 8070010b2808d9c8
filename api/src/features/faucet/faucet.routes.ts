// The testnet faucet's HTTP surface: GET /api/faucet/status (what each asset gives here, the faucet's
// balances read from the chain, the global budget left, the signed-in wallet's last and next claim) and
// POST /api/faucet/claim {asset} for the wallet of the request's Sign-In with Ethereum session only. Its
// export `settler` is a background task (main.ts starts it): claims a crash left unsettled are settled from
// the chain at start, then every SETTLE_EVERY_MS.
import { getAddress } from "viem";
import type { Db } from "../../db/client";
import { implement, type FeatureRouter } from "../../http/route";
import { faucetContract } from "./faucet.contract";
import type { EvmChain } from "../../ledgers/evm";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { LedgerSelector } from "../../ledgers/selector";
import { readSession, requireSession, type SessionStore } from "../../shared/session";
import type { FaucetNode } from "./faucet.ledger";
import { createFaucetClaimStore, type FaucetBudget } from "./faucet.repository";
import { faucetClaimRequest, faucetClaimResponse, faucetStatusResponse } from "./faucet.schemas";
import { createFaucetService, type SettleReport, type TestCrashStage } from "./faucet.service";

export interface FaucetDeps {
  db: Db;
  network: string;
  chainId: number;
  evm: LedgerSelector<EvmChain>;
  /** The live chain: the signer road under the faucet account's key (writeAs, sendValueAs). */
  node: FaucetNode;
  devKeys: DevKeysAnswer;
  sessions: SessionStore;
  /** Claims per asset per hour and per 24 h, all wallets together (config.faucet). */
  budget: FaucetBudget;
  /** PGlite: this process is the database's only user (see FaucetServiceDeps.soleWriter). */
  soleWriter: boolean;
  /** TEST ONLY: FAUCET_TEST_CRASH_AFTER (see FaucetServiceDeps.testCrashAfter). */
  testCrashAfter?: readonly TestCrashStage[];
  /** Told what each settling pass did that changed something (the logger). */
  onSettled?: (report: SettleReport) => void;
  /** Unix ms; tests move it. */
  now?: () => number;
}

/** A background task main.ts starts after listening, and a wallet's sent claims (the onboarding checklist's "funded"). */
export interface FaucetExports {
  settler: { start(): void; stop(): Promise<void>; settle(): Promise<SettleReport> };
  sentClaims(wallet: string): Promise<SentFaucetClaim[]>;
}

/** A claim the chain has confirmed (status "sent"), as the faucet recorded it. */
export interface SentFaucetClaim {
  asset: string;
  amount: string;
  transactionHash: string | null;
  blockNumber: string | null;
  claimedAt: Date;
}

/** Between settling passes (claims whose transaction waited in the node's pool, or a chain that was down). */
const SETTLE_EVERY_MS = 30_000;

export function createFaucetRouter(deps: FaucetDeps): FeatureRouter<FaucetExports> {
  const store = createFaucetClaimStore(deps.db, deps.chainId);
  const service = createFaucetService({ ...deps, store });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = service.settle().then(
      (report) => (report.completed || report.released ? deps.onSettled?.(report) : undefined),
      () => undefined, // a database or chain hiccup: the next pass tries again
    );
    return running;
  };
  const settler: FaucetExports["settler"] = {
    start() {
      if (timer) return;
      void pass();
      timer = setInterval(() => void pass(), SETTLE_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
    settle: () => service.settle(),
  };
  const c = faucetContract;
  return {
    feature: "faucet",
    routes: [
      implement(c.status, {
        response: faucetStatusResponse,
        handler: async ({ req, res }) => {
          // Per browser (the session's claims): no shared cache may keep it.
          res.setHeader("Cache-Control", "no-store");
          const session = await readSession(req, deps.sessions);
          return service.status(session?.address ?? null);
        },
      }),
      implement(c.claim, {
        body: faucetClaimRequest,
        response: faucetClaimResponse,
        handler: async ({ body, req }) => {
          const session = await requireSession(req, deps.sessions);
          return service.claim(session.address, body.asset);
        },
      }),
    ],
    exports: {
      settler,
      // Stored under the session's EIP-55 address (faucet.service.ts claims for session.address).
      sentClaims: async (wallet) =>
        (await store.latest(getAddress(wallet)))
          .filter((c) => c.status === "sent")
          .map(({ asset, amount, transactionHash, blockNumber, claimedAt }) => ({
            asset,
            amount,
            transactionHash,
            blockNumber,
            claimedAt,
          })),
    },
  };
}
