import { useMutation } from "@tanstack/react-query";
import { getFile } from "../../../lib/api-files";
import { downloadBlob } from "../../../lib/download";
import { qIsolatorContract } from "./contract";
import { DOWNLOAD_TIMEOUT_MS } from "./keys";

/**
 * GET q-isolator/files/:cid?recipient=…: the file decrypted with that recipient's key, saved under the name
 * the API gives (the file's own name). 409 CONFLICT for a superseded version, 400 for a recipient not authorised.
 */
export function useDownloadFile() {
  return useMutation({
    mutationFn: async ({ cid, recipient, name }: { cid: string; recipient: string; name: string }) => {
      const file = await getFile(
        qIsolatorContract.download,
        { params: { cid }, query: { recipient } },
        { timeoutMs: DOWNLOAD_TIMEOUT_MS },
      );
      downloadBlob(file.filename ?? name, file.blob);
      return { filename: file.filename ?? name, bytes: file.blob.size };
    },
  });
}
