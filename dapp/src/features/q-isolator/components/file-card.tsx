import { useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { Notice } from "../../../components/notice";
import { Pill } from "../../../components/pill";
import { describeError } from "../../../lib/api-client";
import { formatFileSize } from "../../../lib/format";
import type { ProtectedFile } from "../../../types/api";
import { useDownloadFile } from "../api/download-file";
import { CHECK_LABELS, HASH_PREVIEW_CHARS } from "../constants";
import { ipfsUrl, recipientLabel } from "../utils/words";

/** Spec §2: the hash's first 20 characters and an ellipsis. */
export const hashPreview = (hash: string) => `${hash.slice(0, HASH_PREVIEW_CHARS)}...`;

function Download({ file }: { file: ProtectedFile }) {
  const [recipient, setRecipient] = useState(file.recipients.includes("custodian") ? "custodian" : (file.recipients[0] ?? "custodian"));
  const download = useDownloadFile();
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
          {file.recipients.map((r) => (
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
          data-testid="download-file"
        >
          {download.isPending ? "Decrypting…" : "Download"}
        </Button>
      </Box>
      {download.isError ? (
        <Notice severity="error" data-testid="download-error" sx={{ mt: 1 }}>
          {describeError(download.error)}
        </Notice>
      ) : null}
      {download.isSuccess ? (
        <Typography variant="caption" color="text.secondary" component="p" data-testid="download-done" sx={{ mt: 0.5 }}>
          Decrypted with {recipientLabel(recipient)}'s key and saved as {download.data.filename} ({formatFileSize(download.data.bytes)}).
        </Typography>
      ) : null}
    </Box>
  );
}

/** One protected file (spec §2 tab 3): name, badge, hash preview, size, isolation layer, version and recipients, IPFS, download. */
export function FileCard({ file, gatewayUrl }: { file: ProtectedFile; gatewayUrl: string | null }) {
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0, display: "grid", gap: 1 }} data-testid="file-card" data-cid={file.hash}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: "anywhere", minWidth: 0 }} data-testid="file-name">
          {file.name}
        </Typography>
        {file.quantumSecured ? <Pill size="small" color="success" label="Quantum Secured" data-testid="quantum-secured-badge" /> : null}
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
    </Box>
  );
}
