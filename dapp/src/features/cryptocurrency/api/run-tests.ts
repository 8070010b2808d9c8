import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import type { CoinSymbol } from "../constants";
import {
  cryptocurrencyContract,
  type BulkTestResponse,
  type TestTransactionResponse,
  type VerifyResponse,
} from "./contract";
import { BULK_TIMEOUT_MS, ecosystemKey, mutationKeys, responseTimesKey, TEST_TIMEOUT_MS } from "./keys";

export type TestInput = { symbol: CoinSymbol; amount: string; memo: string | null };
export type BulkInput = { symbols: CoinSymbol[]; amount: string; memo: string | null };
export type VerifyInput = { symbol: CoinSymbol; signedTransaction: string };

/** POST :symbol/test-transaction {amount, memo}: the amount as exact decimal text (an 18-place amount survives). */
export const testTransaction = ({ symbol, amount, memo }: TestInput): Promise<TestTransactionResponse> =>
  callEndpoint(
    cryptocurrencyContract.testTransaction,
    { params: { symbol }, body: { amount, memo } },
    { timeoutMs: TEST_TIMEOUT_MS },
  );

/** POST bulk-test {symbols, amount, memo}: the whole run answers at once; 409 while one of this wallet's runs. */
export const bulkTest = ({ symbols, amount, memo }: BulkInput): Promise<BulkTestResponse> =>
  callEndpoint(cryptocurrencyContract.bulkTest, { body: { symbols, amount, memo } }, { timeoutMs: BULK_TIMEOUT_MS });

/** POST :symbol/verify {signedTransaction}: decoded with the coin's own library; changes nothing. */
export const verifyTransaction = ({ symbol, signedTransaction }: VerifyInput): Promise<VerifyResponse> =>
  callEndpoint(cryptocurrencyContract.verify, { params: { symbol }, body: { signedTransaction } });

/** A test or a run changes the overview's response time and the analytics' table: read them again. */
function useRefreshAfterRun() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ecosystemKey }),
      queryClient.invalidateQueries({ queryKey: responseTimesKey }),
    ]);
}

export function useTestTransaction() {
  const refresh = useRefreshAfterRun();
  return useMutation({ mutationKey: mutationKeys.test, mutationFn: testTransaction, onSettled: refresh });
}

export function useBulkTest() {
  const refresh = useRefreshAfterRun();
  return useMutation({ mutationKey: mutationKeys.bulk, mutationFn: bulkTest, onSettled: refresh });
}

export const useVerify = () => useMutation({ mutationKey: mutationKeys.verify, mutationFn: verifyTransaction });
