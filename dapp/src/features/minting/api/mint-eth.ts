import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { ethMintRecord, EthMintRecord, EthMintRequestBody } from "../../../types/api";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

/** The API's server account signs and sends XQBMinter.mint. */
export const mintEth = (body: EthMintRequestBody): Promise<EthMintRecord> => api.post<typeof ethMintRecord>("/api/xqbme/mint-xqb", body);

export function useMintEth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "eth"],
    mutationFn: mintEth,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
