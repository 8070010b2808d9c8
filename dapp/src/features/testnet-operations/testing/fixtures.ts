// The API's answers for the pages' tests, recorded from the local stack (api-responses.json says how) and parsed here
// with the API's own schemas, so a schema change fails the tests; the VibeCoins answers (a 500 when recorded) and
// the variants a test needs are built to the same schemas.
import {
  complianceValidateResponse,
  comprehensiveDataResponse,
  governmentDataResponse,
  multiCryptoResponse,
  realOperationsResponse,
  stellarTransactionResponse,
  supportedAssetsResponse,
  treasuryHealthResponse,
  vibeAnalyticsResponse,
  vibeMintResponse,
  type ComprehensiveDataResponse,
  type GovernmentDataResponse,
} from "../../../../../api/src/features/testnet-operations/testnet-operations.schemas";
import { verifyResponse } from "../../../../../api/src/features/cryptocurrency/cryptocurrency.schemas";
import { GOVERNMENT_UNAVAILABLE } from "../constants";
import recorded from "./api-responses.json";

export const GOVERNMENT = governmentDataResponse.parse(recorded.governmentData);
export const COMPREHENSIVE = comprehensiveDataResponse.parse(recorded.comprehensiveData);
export const TREASURY_HEALTH = treasuryHealthResponse.parse(recorded.treasuryHealth);
export const COMPLIANCE = complianceValidateResponse.parse(recorded.complianceValidate);
export const ASSETS = supportedAssetsResponse.parse(recorded.supportedAssets);
export const REAL_OPERATIONS = realOperationsResponse.parse(recorded.realOperations);
export const STELLAR = stellarTransactionResponse.parse(recorded.realTestnetStellar);
export const TESTNET_STELLAR = stellarTransactionResponse.parse(recorded.testnetStellar);
export const MULTI_CRYPTO = multiCryptoResponse.parse(recorded.multiCrypto);
export const VERIFIED = verifyResponse.parse(recorded.verifyStellar);
export const MEMO_REFUSED = recorded.memoRefused;

/** Hardhat dev account #1, the wallet the writes were recorded with. */
export const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** GET auth/access signed in as ALICE on a loopback server (recorded), and with nobody signed in. */
export const SIGNED_IN_ACCESS = {
  mode: "open-loopback",
  openReason: "open: this server listens on this machine only",
  address: ALICE,
  operator: true,
  operatorBy: "open",
  operatorCount: 0,
} as const;
export const VISITOR_ACCESS = { ...SIGNED_IN_ACCESS, address: null } as const;

/** The government answer when GDP had neither a live value nor a bundled row: the API then sets `message`. */
export function governmentWithGdpMissing(): GovernmentDataResponse {
  const missing = [{ field: "federalReserve.gdp", reason: "FRED did not answer and the bundled file has no row" }];
  return governmentDataResponse.parse({
    ...GOVERNMENT,
    federalReserve: { ...GOVERNMENT.federalReserve, gdp: null },
    missing,
    message: `${GOVERNMENT_UNAVAILABLE} Missing: federalReserve.gdp.`,
  });
}

export function comprehensiveWithDebtMissing(): ComprehensiveDataResponse {
  return comprehensiveDataResponse.parse({
    ...COMPREHENSIVE,
    data: { ...COMPREHENSIVE.data, treasury: { ...COMPREHENSIVE.data.treasury, nationalDebt: null } },
    missing: [{ field: "treasury.nationalDebt", reason: "Fiscal Data did not answer and the bundled file has no row" }],
    message: `${GOVERNMENT_UNAVAILABLE} Missing: treasury.nationalDebt.`,
  });
}

/** The analytics as the service answers on the local chain: pools read live, no environmental action recorded. */
export const VIBE_ANALYTICS = vibeAnalyticsResponse.parse({
  analytics: {
    totalETHStaked: "12.5",
    totalPools: 3,
    averageAPY: 4.21,
    averageRule:
      "Each pool's current APY (real-staking's rule), averaged weighted by the ETH its holders own; null while nothing is staked.",
    pools: [
      { token: "vibeETH", name: "VibeCoins Staked ETH", totalStaked: "10", apy: 4.1, status: "active" },
      { token: "qETH", name: "Quantum Staked ETH", totalStaked: "2.5", apy: 4.65, status: "active" },
      { token: "xqbETH", name: "XQB Staked ETH", totalStaked: "0", apy: 3.9, status: "active" },
    ],
    environmentalImpact: {
      co2Offset: null,
      reason: "No environmental action is recorded yet, so there is nothing to offset.",
      recordedActions: 0,
    },
  },
  asOfBlock: "91",
  network: "hardhat",
  source: "live",
  reason: null,
});

export const vibeMinted = (recipient: string) =>
  vibeMintResponse.parse({
    amount: "1000",
    recipient,
    transactionHash: `0x${"ab".repeat(32)}`,
    network: "local Hardhat chain (31337)",
    quantumSecured: true,
    attestation: STELLAR.attestation,
    explorerUrl: null,
    blockNumber: "92",
    environmentalProject: "Real Testnet Operations test mint",
    source: "live",
    reason: null,
    assumptions: [],
  });
