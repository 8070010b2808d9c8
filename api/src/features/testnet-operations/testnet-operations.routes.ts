// HTTP surface of the testnet operations pages (/real-testnet-operations, /authentic-testnet-dashboard): the
// government figures, the Stellar payment, the multi-crypto test, the assets map, the VIBE analytics and mint, and
// what runs here. Reads many visitors ask at once are answered from memory for a moment.
import { implement, type FeatureRouter } from "../../http/route";
import { momentary } from "../../shared/moment-cache";
import type { Db } from "../../db/client";
import { testnetOperationsContract } from "./testnet-operations.contract";
import { createEnvironmentalMints } from "./testnet-operations.repository";
import {
  complianceValidateResponse,
  comprehensiveDataResponse,
  governmentDataResponse,
  multiCryptoRequest,
  multiCryptoResponse,
  realOperationsResponse,
  realTestnetStellarRequest,
  stellarTransactionResponse,
  supportedAssetsResponse,
  testnetStellarRequest,
  treasuryHealthResponse,
  vibeAnalyticsResponse,
  vibeMintRequest,
  vibeMintResponse,
} from "./testnet-operations.schemas";
import { createTestnetOperationsService, type TestnetOperationsDeps } from "./testnet-operations.service";

/** One government answer serves every caller for this long (the live reads underneath are cached far longer). */
const READ_MOMENT_MS = 2000;

export interface TestnetOperationsExports {
  /** The environmental VIBE mints recorded (count and the latest's time), for summaries elsewhere (the landing). */
  environmentalMints(): Promise<{ count: number; lastAt: Date | null }>;
  /** The environmental project recorded with each of these mints (transaction hashes, lower case). */
  environmentalMintsByHash(hashes: string[]): Promise<{ transactionHash: string; project: string }[]>;
}

export function createTestnetOperationsRouter(
  deps: Omit<TestnetOperationsDeps, "mints"> & { db: Db },
): FeatureRouter<TestnetOperationsExports> {
  const mints = createEnvironmentalMints(deps.db);
  const service = createTestnetOperationsService({ ...deps, mints });
  const governmentData = momentary(service.governmentData, READ_MOMENT_MS);
  const comprehensiveData = momentary(service.comprehensiveData, READ_MOMENT_MS);
  const compliance = momentary(service.complianceValidate, READ_MOMENT_MS);
  const realOperations = momentary(service.realOperations, READ_MOMENT_MS);
  const c = testnetOperationsContract;
  return {
    feature: "testnet-operations",
    exports: {
      environmentalMints: () => mints.summary(),
      environmentalMintsByHash: (hashes) => mints.byHashes(hashes),
    },
    routes: [
      implement(c.governmentData, { response: governmentDataResponse, handler: () => governmentData() }),
      implement(c.comprehensiveData, { response: comprehensiveDataResponse, handler: () => comprehensiveData() }),
      implement(c.treasuryHealth, { response: treasuryHealthResponse, handler: () => service.treasuryHealth() }),
      implement(c.complianceValidate, { response: complianceValidateResponse, handler: () => compliance() }),
      implement(c.realTestnetStellar, {
        body: realTestnetStellarRequest,
        response: stellarTransactionResponse,
        handler: ({ body, caller }) => service.stellarPayment(body.xlmAmount, body.memo, "xlmAmount", caller.address),
      }),
      implement(c.testnetStellar, {
        body: testnetStellarRequest,
        response: stellarTransactionResponse,
        handler: ({ body, caller }) => service.stellarPayment(body.amount, body.memo, "amount", caller.address),
      }),
      implement(c.multiCrypto, {
        body: multiCryptoRequest,
        response: multiCryptoResponse,
        handler: ({ body, caller }) => service.multiCrypto(body.selectedCryptos, caller.address!),
      }),
      implement(c.supportedAssets, { response: supportedAssetsResponse, handler: () => service.supportedAssets() }),
      implement(c.vibeAnalytics, { response: vibeAnalyticsResponse, handler: () => service.vibeAnalytics() }),
      implement(c.vibeMint, {
        body: vibeMintRequest,
        response: vibeMintResponse,
        handler: ({ body, caller }) => service.vibeMint(body, caller),
      }),
      implement(c.realOperations, { response: realOperationsResponse, handler: () => realOperations() }),
    ],
  };
}
