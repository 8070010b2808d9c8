import { useMutation, useQueryClient } from "@tanstack/react-query";
import { callEndpoint } from "../../../lib/endpoint-client";
import { mintingContract, type XrpVolumeRecord, type XrpVolumeRequestBody } from "./contract";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

export const runXrpVolumeTest = (body: XrpVolumeRequestBody): Promise<XrpVolumeRecord> =>
  callEndpoint(mintingContract.xrpVolumeTest, { body });

export function useRunXrpVolumeTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "xrp"],
    mutationFn: runXrpVolumeTest,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
