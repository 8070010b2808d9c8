import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { xrpVolumeRecord, type XrpVolumeRecord, type XrpVolumeRequestBody } from "../../../types/api";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

export const runXrpVolumeTest = (body: XrpVolumeRequestBody): Promise<XrpVolumeRecord> =>
  api.post("/api/quantum-cross-chain/xrp-volume-test", body, xrpVolumeRecord);

export function useRunXrpVolumeTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "xrp"],
    mutationFn: runXrpVolumeTest,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
