import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mintingContract, type StellarMintRecord, type StellarMintRequestBody } from "./contract";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

export const mintStellar = (body: StellarMintRequestBody): Promise<StellarMintRecord> =>
  callEndpoint(mintingContract.mintStellar, { body });

export function useMintStellar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "stellar"],
    mutationFn: mintStellar,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
