import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { stellarMintRecord, StellarMintRecord, StellarMintRequestBody } from "../../../types/api";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

export const mintStellar = (body: StellarMintRequestBody): Promise<StellarMintRecord> =>
  api.post<typeof stellarMintRecord>("/api/vibecoins/mint-stellar", body);

export function useMintStellar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "stellar"],
    mutationFn: mintStellar,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
