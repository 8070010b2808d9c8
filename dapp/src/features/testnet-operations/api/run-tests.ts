// The real-testnet page's tests, one call each: the page runs them one by one or all together (Run All Real Tests).
import { callEndpoint } from "../../../lib/endpoint-client";
import { VIBE_MINT, type MultiCryptoCoin } from "../constants";
import {
  testnetOperationsContract as contract,
  type GovernmentDataResponse,
  type MultiCryptoResponse,
  type RealOperationsResponse,
  type StellarTransactionResponse,
  type SupportedAssetsResponse,
  type VibeAnalyticsResponse,
  type VibeMintResponse,
} from "./contract";
import { MULTI_CRYPTO_TIMEOUT_MS, PAYMENT_TIMEOUT_MS } from "./keys";

/** POST government-data (no body): seven official figures, each live or the bundled snapshot. */
export const fetchGovernmentData = (): Promise<GovernmentDataResponse> => callEndpoint(contract.governmentData);

export const fetchSupportedAssets = (): Promise<SupportedAssetsResponse> => callEndpoint(contract.supportedAssets);

export const fetchVibeAnalytics = (): Promise<VibeAnalyticsResponse> => callEndpoint(contract.vibeAnalytics);

export const fetchRealOperations = (): Promise<RealOperationsResponse> => callEndpoint(contract.realOperations);

/** The amount as the text typed (an exact decimal reaches the API unrounded); an empty memo is none. */
export const sendRealTestnetStellar = (input: {
  xlmAmount: string;
  memo: string;
}): Promise<StellarTransactionResponse> =>
  callEndpoint(
    contract.realTestnetStellar,
    { body: { xlmAmount: input.xlmAmount.trim(), memo: input.memo === "" ? null : input.memo } },
    { timeoutMs: PAYMENT_TIMEOUT_MS },
  );

export const runMultiCrypto = (input: { selectedCryptos: MultiCryptoCoin[] }): Promise<MultiCryptoResponse> =>
  callEndpoint(
    contract.multiCrypto,
    { body: { selectedCryptos: input.selectedCryptos } },
    { timeoutMs: MULTI_CRYPTO_TIMEOUT_MS },
  );

/** The project a test mint records (the API stores it beside the mint; it measures nothing). */
export const TEST_MINT_PROJECT = "Real Testnet Operations test mint";

/**
 * The spec's test mint: 1,000 VIBE. The API lets a signed-in wallet mint only to itself, so the "fixed recipient" is
 * the signed-in wallet; the network is the EVM chain the API serves ("ethereum" names it).
 */
export const mintTestVibe = (input: { recipientAddress: string }): Promise<VibeMintResponse> =>
  callEndpoint(
    contract.vibeMint,
    {
      body: {
        recipientAddress: input.recipientAddress,
        amount: VIBE_MINT.testAmount,
        environmentalProject: TEST_MINT_PROJECT,
        network: "ethereum",
      },
    },
    { timeoutMs: PAYMENT_TIMEOUT_MS },
  );
