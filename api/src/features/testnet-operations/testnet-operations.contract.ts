// The testnet operations pages' endpoints (/real-testnet-operations, /authentic-testnet-dashboard), declared once
// for the API and the dapp. Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type {
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

const feature = "testnet-operations";
const COIN_ERRORS = ["UNAUTHENTICATED", "LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"] as const;

export const testnetOperationsContract = {
  governmentData: endpoint<{ response: typeof governmentDataResponse }>()({
    method: "post",
    path: "/api/real-testnet/government-data",
    access: "visitor",
    feature,
    summary:
      "GDP, unemployment and inflation (FRED), public debt and the Treasury's cash balance (Fiscal Data), WTI and Henry Hub (EIA): each live when its publisher answers within 3 s, else the bundled official snapshot, with its date, series id and source",
  }),
  comprehensiveData: endpoint<{ response: typeof comprehensiveDataResponse }>()({
    method: "get",
    path: "/api/government/comprehensive-data",
    access: "visitor",
    feature,
    summary:
      "The fed funds rate, GDP (billions), unemployment, the national debt and the 10-year yield, each live or snapshot with its date and series id",
  }),
  treasuryHealth: endpoint<{ response: typeof treasuryHealthResponse }>()({
    method: "get",
    path: "/api/treasury/health",
    access: "visitor",
    feature,
    summary: "A real probe of Treasury Fiscal Data (at most one per 30 s): its latency, last success and status",
  }),
  complianceValidate: endpoint<{ response: typeof complianceValidateResponse }>()({
    method: "get",
    path: "/api/compliance/validate",
    access: "visitor",
    feature,
    summary:
      "The GENIUS Act by the compliance audit's own rules read from the chain now, quantum security by stated checks run now, ISO 20022 not assessed; never VALIDATED by default",
  }),
  realTestnetStellar: endpoint<{
    body: typeof realTestnetStellarRequest;
    response: typeof stellarTransactionResponse;
  }>()({
    method: "post",
    path: "/api/real-testnet/stellar-transaction",
    access: "wallet",
    feature,
    summary:
      "A payment of xlmAmount from our Stellar testnet account with a text memo (at most 28 bytes): executed by the testnet (live) or signed and never submitted (simulated, with the reason); the explorer link only when live",
    errors: [...COIN_ERRORS],
    write: true,
  }),
  testnetStellar: endpoint<{ body: typeof testnetStellarRequest; response: typeof stellarTransactionResponse }>()({
    method: "post",
    path: "/api/testnet/stellar-transaction",
    access: "wallet",
    feature,
    summary: "The same payment as /api/real-testnet/stellar-transaction, for the dashboard's form (amount, memo)",
    errors: [...COIN_ERRORS],
    write: true,
  }),
  multiCrypto: endpoint<{ body: typeof multiCryptoRequest; response: typeof multiCryptoResponse }>()({
    method: "post",
    path: "/api/real-testnet/multi-crypto-test",
    access: "wallet",
    feature,
    summary:
      "The coin layer's test transaction for each selected coin (default BTC, ETH, XRP), each at its real level; the rate and counts from what happened",
    errors: ["UNAUTHENTICATED", "CONFLICT"],
    write: true,
  }),
  supportedAssets: endpoint<{ response: typeof supportedAssetsResponse }>()({
    method: "get",
    path: "/api/real-testnet/supported-assets",
    access: "visitor",
    feature,
    summary: "Every coin keyed by symbol, with its level here and why, its testnet and its faucet",
  }),
  vibeAnalytics: endpoint<{ response: typeof vibeAnalyticsResponse }>()({
    method: "get",
    path: "/api/vibecoins-crypto/analytics",
    access: "visitor",
    feature,
    summary:
      "ETH staked, pools and their average APY read from the staking pools; the CO2 offset only from recorded environmental actions that measure one (else null, with the reason)",
  }),
  vibeMint: endpoint<{ body: typeof vibeMintRequest; response: typeof vibeMintResponse }>()({
    method: "post",
    path: "/api/vibecoins-crypto/mint",
    access: "wallet",
    feature,
    summary:
      "A real VIBE mint by the server minter: a signed-in wallet to itself (at most 1,000 VIBE, once an hour), an operator to anyone; the environmental project recorded with it",
    errors: ["UNAUTHENTICATED", "FORBIDDEN", "RATE_LIMITED", "LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
    write: true,
  }),
  realOperations: endpoint<{ response: typeof realOperationsResponse }>()({
    method: "get",
    path: "/api/testnet/real-operations",
    access: "visitor",
    feature,
    summary:
      "The testnets this product transacts on and at which level now, and the algorithms it runs by their FIPS numbers",
  }),
};
