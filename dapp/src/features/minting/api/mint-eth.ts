import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mintingContract, type EthMintRequestBody, type EthMintRecord } from "./contract";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

/** The API's server account signs and sends XQBMinter.mint. */
export const mintEth = (body: EthMintRequestBody): Promise<EthMintRecord> =>
  callEndpoint(mintingContract.mintXqb, { body });

export function useMintEth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "eth"],
    mutationFn: mintEth,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
