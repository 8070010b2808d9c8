import { useMutation, useQueryClient } from "@tanstack/react-query";
import { postForm } from "../../../lib/api-files";
import type { EndpointOutput } from "../../../lib/endpoint-client";
import { qIsolatorContract } from "./contract";
import { qIsolatorKey, UPLOAD_TIMEOUT_MS } from "./keys";

export type UploadResponse = EndpointOutput<typeof qIsolatorContract.upload>;

/**
 * POST q-isolator/files (multipart: `isolationId`, `file`): sealed for the isolation's recipients, stored as
 * UnixFS blocks, answered with its CID and timings. The file goes as it is; the server encrypts it.
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isolationId, file }: { isolationId: string; file: File }) => {
      const form = new FormData();
      // the field before the file: the server reads the stream in order and knows the isolation before the bytes
      form.append("isolationId", isolationId);
      form.append("file", file, file.name);
      return postForm(qIsolatorContract.upload, form, { timeoutMs: UPLOAD_TIMEOUT_MS });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qIsolatorKey }),
  });
}
