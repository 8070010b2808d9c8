// The coins' HTTP surface: GET supported and ecosystem-status (computed when asked), POST a test transaction and
// a bulk run (a signed-in wallet: live ones move our test accounts on the local chain, and the write limits per
// session apply), POST verify (anyone: decodes bytes, changes nothing).
import type { Db } from "../../db/client";
import { implement, type FeatureRouter } from "../../http/route";
import type { EvmChain } from "../../ledgers/evm";
import type { DevKeysAnswer } from "../../ledgers/evm/dev-keys";
import type { LedgerSelector } from "../../ledgers/selector";
import type { StellarLedgerClient } from "../../ledgers/stellar";
import type { XrplLedgerClient } from "../../ledgers/xrpl";
import type { Attestor } from "../../shared/attestation";
import { openCustody } from "../../shared/custody";
import { cryptocurrencyContract } from "./cryptocurrency.contract";
import { localEvmRunner, offlineRunner, stellarRunner, xrplRunner, type CoinRunner } from "./cryptocurrency.coins";
import { COINS, type CoinSymbol } from "./cryptocurrency.constants";
import type { CoinNode } from "./cryptocurrency.ledger";
import { openCoinKeys, type CoinKeys } from "./cryptocurrency.keys";
import {
  bulkTestRequest,
  bulkTestResponse,
  coinParams,
  ecosystemStatusResponse,
  pricesResponse,
  responseTimesResponse,
  supportedResponse,
  testTransactionRequest,
  testTransactionResponse,
  verifyRequest,
  verifyResponse,
} from "./cryptocurrency.schemas";
import { createCryptocurrencyService, type CryptocurrencyService } from "./cryptocurrency.service";
import { OFFLINE_SIGNERS } from "./cryptocurrency.signers";

export interface CryptocurrencyDeps {
  db: Db;
  evm: LedgerSelector<EvmChain>;
  node: CoinNode;
  devKeys: DevKeysAnswer;
  stellar: LedgerSelector<StellarLedgerClient>;
  stellarPassphrase: string;
  xrpl: LedgerSelector<XrplLedgerClient>;
  attestor: Attestor;
  /** Where the install key is (the isolator's: config.qIsolator), and the environment's master seed if given. */
  custody: { dir: string; installKey: string | null };
  envSeed: string | null;
}

export interface CryptocurrencyExports {
  /**
   * Loads the signing libraries and runs their self-checks a moment after the API listens (main.ts starts it), so
   * the first visitor does not wait the ~3 s they take; nothing is signed for anyone.
   */
  warmUp: { start(): void; stop(): Promise<void> };
  /** The coin layer for other pages (the multi-crypto test, the Stellar payment, the assets map): the same rules, runs and records. */
  supported: CryptocurrencyService["supported"];
  testTransaction: CryptocurrencyService["testTransaction"];
  bulkTest: CryptocurrencyService["bulkTest"];
  /** Where a coin's signed bytes are checked (POST {signedTransaction}), from the verify route's own contract. */
  verifyPath(symbol: CoinSymbol): string;
}

/** After listening, before the libraries load: the start's own work goes first. */
const WARM_UP_AFTER_MS = 2_000;
const WARM_UP_PAUSE_MS = 50;

export function createCryptocurrencyRouter(deps: CryptocurrencyDeps): FeatureRouter<CryptocurrencyExports> {
  let keys: Promise<CoinKeys> | null = null;
  const keysOf = () =>
    (keys ??= openCustody(deps.custody).then((custody) =>
      openCoinKeys({ db: deps.db, custody, envSeed: deps.envSeed }),
    )).catch((err: unknown) => {
      keys = null; // a database hiccup at first use: the next request tries again
      throw err;
    });
  const runners = new Map<CoinSymbol, CoinRunner>();
  for (const coin of COINS) {
    const load = OFFLINE_SIGNERS[coin.symbol];
    if (coin.road === "offline" && load) runners.set(coin.symbol, offlineRunner(coin.symbol, load, keysOf));
    else if (coin.road === "local-evm")
      runners.set(
        coin.symbol,
        localEvmRunner(coin.symbol as "ETH", { evm: deps.evm, node: deps.node, devKeys: deps.devKeys }, keysOf),
      );
    else if (coin.road === "stellar")
      runners.set(coin.symbol, stellarRunner(deps.stellar, deps.stellarPassphrase, keysOf));
    else if (coin.road === "xrpl") runners.set(coin.symbol, xrplRunner(deps.xrpl, keysOf));
  }
  const service = createCryptocurrencyService({ db: deps.db, runners, attestor: deps.attestor });
  const c = cryptocurrencyContract;
  return {
    feature: "cryptocurrency",
    routes: [
      implement(c.supported, { response: supportedResponse, handler: () => service.supported() }),
      implement(c.ecosystemStatus, { response: ecosystemStatusResponse, handler: () => service.ecosystemStatus() }),
      implement(c.prices, { response: pricesResponse, handler: () => service.prices() }),
      implement(c.responseTimes, { response: responseTimesResponse, handler: () => service.responseTimes() }),
      implement(c.testTransaction, {
        params: coinParams,
        body: testTransactionRequest,
        response: testTransactionResponse,
        handler: ({ params, body, caller }) => service.testTransaction(params.symbol, body, caller.address),
      }),
      implement(c.bulkTest, {
        body: bulkTestRequest,
        response: bulkTestResponse,
        handler: ({ body, caller }) => service.bulkTest(body, caller.address!),
      }),
      implement(c.verify, {
        params: coinParams,
        body: verifyRequest,
        response: verifyResponse,
        handler: ({ params, body }) => service.verify(params.symbol, body.signedTransaction),
      }),
    ],
    exports: {
      supported: service.supported,
      testTransaction: service.testTransaction,
      bulkTest: service.bulkTest,
      verifyPath: (symbol) => c.verify.path.replace(":symbol", symbol),
      // One library at a time with a pause between: loading one blocks the event loop (up to 0.8 s for the largest),
      // all at once blocked it for about 3 s, and the API must keep answering meanwhile.
      warmUp: warmUpTask(async () => {
        const pause = () => new Promise((r) => setTimeout(r, WARM_UP_PAUSE_MS));
        for (const runner of runners.values()) {
          await pause();
          await runner.info().catch(() => undefined);
          await pause();
          await runner.standing();
        }
        await service.supported();
      }),
    },
  };
}

function warmUpTask(warm: () => Promise<unknown>): CryptocurrencyExports["warmUp"] {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start() {
      timer ??= setTimeout(() => void (running = warm().catch(() => undefined)), WARM_UP_AFTER_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
