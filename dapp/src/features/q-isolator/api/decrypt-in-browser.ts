import { useMutation } from "@tanstack/react-query";
import { getFile } from "../../../lib/api-files";
import { downloadBlob } from "../../../lib/download";
import { qIsolatorContract, type ProtectedFile } from "./contract";
import { DOWNLOAD_TIMEOUT_MS } from "./keys";

export interface DecryptedInBrowser {
  filename: string;
  bytes: number;
  recipientId: string;
  kem: string;
  checks: number;
}

/** Why the key file was not usable, before any envelope is read (the page shows it as it is). */
export class KeyFileRefused extends Error {}

/**
 * "Decrypt in this browser with your key file": the envelope from /ipfs/<cid> (ciphertext, as anyone may fetch it),
 * its ML-DSA signature checked against the isolation's verification key (from GET /status), the file key unwrapped
 * with the agency's own ML-KEM decapsulation key from its key file, the file decrypted and saved. The key and the
 * plaintext stay in this browser; the decryptor is loaded on demand (docs/pq-file-envelope.md).
 */
export function useDecryptInBrowser() {
  return useMutation({
    mutationFn: async ({
      file,
      keyFile,
      verificationKey,
    }: {
      file: ProtectedFile;
      keyFile: File;
      verificationKey: string;
    }): Promise<DecryptedInBrowser> => {
      const [{ parseKeyFile }, { decryptEnvelope }] = await Promise.all([
        import("../crypto/agency-key"),
        import("../crypto/browser-decryptor"),
      ]);
      const parsed = parseKeyFile(await keyFile.text());
      if (!parsed.ok) throw new KeyFileRefused(`${keyFile.name}: ${parsed.reason}`);
      const envelope = await getFile(
        qIsolatorContract.envelope,
        { params: { cid: file.hash } },
        { timeoutMs: DOWNLOAD_TIMEOUT_MS },
      );
      const opened = decryptEnvelope(new Uint8Array(await envelope.blob.arrayBuffer()), parsed.file, {
        fileId: file.fileId,
        isolationId: file.isolationId,
        level: file.securityLevel,
        verificationKey,
        currentVersion: file.version,
      });
      downloadBlob(opened.name, new Blob([opened.plaintext as BlobPart], { type: opened.contentType }));
      return {
        filename: opened.name,
        bytes: opened.plaintext.length,
        recipientId: opened.recipientId,
        kem: opened.kem,
        checks: opened.checks.length,
      };
    },
  });
}
