import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mintingContract, type EthMintRecord, type WalletMintRequestBody } from "./contract";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

/** The API reads a browser-signed mint back from the chain and records it. */
export const recordWalletMint = (body: WalletMintRequestBody): Promise<EthMintRecord> =>
  callEndpoint(mintingContract.recordWalletMint, { body });

export function useRecordWalletMint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "wallet-record"],
    mutationFn: recordWalletMint,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
