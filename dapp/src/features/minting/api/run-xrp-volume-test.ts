import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import type { xrpVolumeRecord, XrpVolumeRecord, XrpVolumeRequestBody } from "../../../types/api";
import { mintMutationKey, prependToMintHistory } from "./get-mint-history";

export const runXrpVolumeTest = (body: XrpVolumeRequestBody): Promise<XrpVolumeRecord> =>
  api.post<typeof xrpVolumeRecord>("/api/quantum-cross-chain/xrp-volume-test", body);

export function useRunXrpVolumeTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...mintMutationKey, "xrp"],
    mutationFn: runXrpVolumeTest,
    onSuccess: (record) => prependToMintHistory(queryClient, record),
  });
}
