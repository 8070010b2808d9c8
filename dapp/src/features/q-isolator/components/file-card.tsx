import { useState, type ChangeEvent } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import KeyIcon from "@mui/icons-material/Key";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { visuallyHidden } from "../../../components/visually-hidden";
import { describeError } from "../../../lib/api-client";
import { formatFileSize } from "../../../lib/format";
import { qIsolatorContract, type ProtectedFile } from "../api/contract";
import { useDecryptInBrowser } from "../api/decrypt-in-browser";
import { useDownloadFile } from "../api/download-file";
import { CHECK_LABELS, HASH_PREVIEW_CHARS } from "../constants";
import { ipfsUrl, recipientLabel } from "../utils/words";

/** Spec §2: the hash's first 20 characters and an ellipsis. */
export const hashPreview = (hash: string) => `${hash.slice(0, HASH_PREVIEW_CHARS)}...`;

/** A refusal of the browser's decryptor (DecryptRefused: a check and its detail) or any other failure, in words. */
function decryptFailure(error: unknown): string {
  const refused = error as { check?: keyof typeof CHECK_LABELS; detail?: string };
  if (refused?.check && CHECK_LABELS[refused.check])
    return `Refused at the check “${CHECK_LABELS[refused.check]}”: ${refused.detail ?? ""}`;
  return error instanceof Error && error.name === "Error" ? error.message : describeError(error);
}

/**
 * "Decrypt in this browser with your key file", for everyone: the agency's key file is read here, the envelope
 * fetched from /ipfs/<cid>, its signature checked with the isolation's verification key, and the file opened and
 * saved without the key or the plaintext leaving the browser.
 */
function BrowserDecrypt({ file, verificationKey }: { file: ProtectedFile; verificationKey: string | null }) {
  const [keyFile, setKeyFile] = useState<File | null>(null);
  const decrypt = useDecryptInBrowser();
  const inputId = `key-file-${file.fileId}`;
  return (
    <Box sx={{ display: "grid", gap: 0.5 }} data-testid="browser-decrypt">
      <Typography variant="body2" sx={{ fontWeight: 600 }} component="h4">
        Decrypt in this browser with your key file
      </Typography>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <Button
          component="label"
          size="small"
          variant="outlined"
          startIcon={<KeyIcon aria-hidden />}
          sx={{ "&:focus-within": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 } }}
        >
          Choose key file
          <Box
            component="input"
            id={inputId}
            type="file"
            accept="application/json,.json"
            data-testid="key-file-input"
            onChange={(e: ChangeEvent<HTMLInputElement>) => (decrypt.reset(), setKeyFile(e.target.files?.[0] ?? null))}
            sx={visuallyHidden}
          />
        </Button>
        <Typography
          variant="caption"
          color="text.secondary"
          data-testid="key-file-picked"
          sx={{ overflowWrap: "anywhere", minWidth: 0 }}
        >
          {keyFile ? keyFile.name : "No key file chosen"}
        </Typography>
        <Button
          size="small"
          variant="contained"
          disabled={!keyFile || !verificationKey || decrypt.isPending}
          onClick={() => keyFile && verificationKey && decrypt.mutate({ file, keyFile, verificationKey })}
          data-testid="decrypt-in-browser"
        >
          {decrypt.isPending ? "Decrypting…" : "Decrypt and save"}
        </Button>
      </Box>
      {!verificationKey ? (
        <Typography variant="caption" color="text.secondary">
          Reading the isolation's verification key…
        </Typography>
      ) : null}
      {decrypt.isError ? (
        <Notice severity="error" data-testid="decrypt-error">
          {decryptFailure(decrypt.error)}
        </Notice>
      ) : null}
      {decrypt.isSuccess ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="decrypt-done">
          Decrypted in this browser as {recipientLabel(decrypt.data.recipientId)} ({decrypt.data.kem},{" "}
          {decrypt.data.checks} checks passed) and saved as {decrypt.data.filename} (
          {formatFileSize(decrypt.data.bytes)}). The key never left this browser.
        </Typography>
      ) : null}
    </Box>
  );
}

/** "Open as Custodian → Download": decrypted by the server with a key it holds; an operator's action only. */
function Download({ file }: { file: ProtectedFile }) {
  // the server can open only as the custodian or an agency whose key it generated and holds
  const openable = file.recipients.filter((r) => !file.recipientsHoldingOwnKey.includes(r));
  const [recipient, setRecipient] = useState(
    openable.includes("custodian") ? "custodian" : (openable[0] ?? "custodian"),
  );
  const download = useDownloadFile();
  const gate = useGate(qIsolatorContract.download.access);
  const noteId = `download-access-${file.fileId}`;
  if (!gate.allowed) {
    return (
      <Box data-testid="server-download-gated">
        <Typography variant="body2" color="text.secondary">
          Open as Custodian (decrypted by the server with a key it holds): operators only.
        </Typography>
        <AccessNote gate={gate} id={noteId} />
      </Box>
    );
  }
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          id={`recipient-${file.fileId}`}
          label="Open as"
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
          slotProps={{ select: { native: true }, htmlInput: { "data-testid": "download-recipient" } }}
          sx={{ minWidth: 160, flex: "1 1 160px" }}
        >
          {openable.map((r) => (
            <option key={r} value={r}>
              {recipientLabel(r)}
            </option>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon aria-hidden />}
          disabled={download.isPending}
          onClick={() => download.mutate({ cid: file.hash, recipient, name: file.name })}
          aria-describedby={gate.note ? noteId : undefined}
          data-testid="download-file"
        >
          {download.isPending ? "Decrypting…" : "Download"}
        </Button>
      </Box>
      <AccessNote gate={gate} id={noteId} />
      {download.isError ? (
        <Notice severity="error" data-testid="download-error" sx={{ mt: 1 }}>
          {describeError(download.error)}
        </Notice>
      ) : null}
      {download.isSuccess ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="download-done" sx={{ mt: 0.5 }}>
          Decrypted with {recipientLabel(recipient)}'s key and saved as {download.data.filename} (
          {formatFileSize(download.data.bytes)}).
        </Typography>
      ) : null}
    </Box>
  );
}

/** One protected file (spec §2 tab 3): name, badge, hash preview, size, isolation layer, version and recipients, IPFS, download. */
export function FileCard({
  file,
  gatewayUrl,
  verificationKey,
}: {
  file: ProtectedFile;
  gatewayUrl: string | null;
  verificationKey: string | null;
}) {
  return (
    <Box
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0, display: "grid", gap: 1 }}
      data-testid="file-card"
      data-cid={file.hash}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 600, overflowWrap: "anywhere", minWidth: 0 }}
          data-testid="file-name"
        >
          {file.name}
        </Typography>
        {file.quantumSecured ? (
          <Pill size="small" color="success" label="Quantum Secured" data-testid="quantum-secured-badge" />
        ) : null}
        {file.protection === "classical-only" ? <Pill size="small" color="warning" label="Classical only" /> : null}
      </Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5 }}>
        <Typography variant="body2" sx={{ fontFamily: "monospace" }} data-testid="file-hash" title={file.hash}>
          {hashPreview(file.hash)}
        </Typography>
        <CopyButton value={file.hash} what="CID" />
      </Box>
      <Typography variant="body2" data-testid="file-size">
        {formatFileSize(file.size)}{" "}
        <Box component="span" sx={{ color: "text.secondary" }}>
          ({formatFileSize(file.encryptedSize)} stored encrypted)
        </Box>
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="file-layer" sx={{ overflowWrap: "anywhere" }}>
        {file.isolationLayer}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="file-version">
        Version {file.version} · readable by {file.recipients.map(recipientLabel).join(", ")}
        {file.recipientsHoldingOwnKey.length
          ? ` · ${file.recipientsHoldingOwnKey.map(recipientLabel).join(", ")} ${file.recipientsHoldingOwnKey.length === 1 ? "holds its" : "hold their"} own key`
          : ""}
        {file.uploadedBy ? ` · uploaded by ${file.uploadedBy}` : ""}
      </Typography>
      {!file.verification.ok ? (
        <Notice severity="error" data-testid="file-verification">
          {file.verification.failedCheck ? `Failed the check “${CHECK_LABELS[file.verification.failedCheck]}”: ` : ""}
          {file.verification.detail}
        </Notice>
      ) : null}
      <Box>
        <Button
          component="a"
          href={ipfsUrl(file.hash, gatewayUrl)}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          endIcon={<OpenInNewIcon aria-hidden />}
          data-testid="view-on-ipfs"
        >
          View on IPFS
        </Button>
      </Box>
      <Download file={file} />
      <BrowserDecrypt file={file} verificationKey={verificationKey} />
    </Box>
  );
}
