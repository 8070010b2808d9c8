// The cryptocurrency feature's endpoints, declared once for the API and the dapp. Schemas by type only.
import { endpoint } from "../../http/endpoint";
import type {
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

export const cryptocurrencyContract = {
  supported: endpoint<{ response: typeof supportedResponse }>()({
    method: "get",
    path: "/api/cryptocurrencies/supported",
    access: "visitor",
    feature: "cryptocurrency",
    summary:
      "The 22 coins: per coin its level here (live, signed offline, display only) and why, the testnet it targets, the signing library, the id rule, the limits and our test accounts",
  }),
  ecosystemStatus: endpoint<{ response: typeof ecosystemStatusResponse }>()({
    method: "get",
    path: "/api/cryptocurrencies/ecosystem-status",
    access: "visitor",
    feature: "cryptocurrency",
    summary:
      "The overview computed now: operational coins by the stated rule, levels and categories counted, the mean response time of the latest test transactions with its sample size",
  }),
  testTransaction: endpoint<{
    params: typeof coinParams;
    body: typeof testTransactionRequest;
    response: typeof testTransactionResponse;
  }>()({
    method: "post",
    path: "/api/cryptocurrencies/:symbol/test-transaction",
    access: "wallet",
    feature: "cryptocurrency",
    summary:
      "A test transfer from our test account to our recipient on the coin's testnet: executed on a ledger we reach (live), or built and signed with the coin's own library and never broadcast (simulated, with the reason); the signed bytes, the id and an ML-DSA-65 attestation",
    errors: ["UNAUTHENTICATED", "LEDGER_REJECTED", "LEDGER_UNAVAILABLE", "LEDGER_BUSY"],
    write: true,
  }),
  bulkTest: endpoint<{ body: typeof bulkTestRequest; response: typeof bulkTestResponse }>()({
    method: "post",
    path: "/api/cryptocurrencies/bulk-test",
    access: "wallet",
    feature: "cryptocurrency",
    summary:
      "The test transaction for each chosen coin, a few at a time; one run per signed-in wallet at a time (409 while one runs); each coin's result or its error",
    errors: ["UNAUTHENTICATED", "CONFLICT"],
    write: true,
  }),
  verify: endpoint<{ params: typeof coinParams; body: typeof verifyRequest; response: typeof verifyResponse }>()({
    method: "post",
    path: "/api/cryptocurrencies/:symbol/verify",
    access: "visitor",
    feature: "cryptocurrency",
    summary:
      "Decodes signed transaction bytes with the coin's own library: what they contain (from, to, amount, memo, fee, id) and whether the signature verifies. Changes nothing",
  }),
  prices: endpoint<{ response: typeof pricesResponse }>()({
    method: "get",
    path: "/api/cryptocurrencies/prices",
    access: "visitor",
    feature: "cryptocurrency",
    summary:
      "The bundled daily price snapshots (CoinGecko USD, Binance USDT closes) for BTC, ETH, XRP and XLM, each point dated with its source; never live",
  }),
  responseTimes: endpoint<{ response: typeof responseTimesResponse }>()({
    method: "get",
    path: "/api/cryptocurrencies/response-times",
    access: "visitor",
    feature: "cryptocurrency",
    summary: "Per coin, the mean and median wall time of its latest successful test transactions, with the sample size",
  }),
};
