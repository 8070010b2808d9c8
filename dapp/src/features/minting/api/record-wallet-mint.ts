import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ethMintRecord, EthMintRecord, WalletMintRequestBody } from "../../../types/api";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

/** The API reads a browser-signed mint back from the chain and records it. */
export const recordWalletMint = (body: WalletMintRequestBody): Promise<EthMintRecord> =>
  api.post<typeof ethMintRecord>("/api/xqbme/wallet-mint", body);

export function useRecordWalletMint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "wallet-record"],
    mutationFn: recordWalletMint,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
