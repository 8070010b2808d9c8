import { useEffect, useState, type ChangeEvent } from "react";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { Notice, NoticeTitle } from "../../../components/notice";
import { AccessNote } from "../../../components/session/access-note";
import { useGate } from "../../../components/session/use-access";
import { visuallyHidden } from "../../../components/visually-hidden";
import { describeError } from "../../../lib/api-client";
import { formatFileSize } from "../../../lib/format";
import { qIsolatorContract, type IsolationInstance } from "../api/contract";
import { useUploadFile, type UploadResponse } from "../api/upload-file";
import { MAX_UPLOAD_BYTES } from "../constants";
import { durationText, levelLabel } from "../utils/words";

/** "25 MB": the limit as the page states it (MAX_UPLOAD_BYTES is 25 MiB; the spec's sizes count 1 MB = 1024 KB). */
export const UPLOAD_LIMIT_TEXT = `${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`;

/** Why a picked file is refused before anything is sent, or null when it may go. */
export function refuseFile(file: File, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (file.size > maxBytes)
    return `${file.name} is ${formatFileSize(file.size)}: larger than the ${UPLOAD_LIMIT_TEXT} limit, so it was not sent.`;
  return null;
}

function Uploaded({ result }: { result: UploadResponse }) {
  const f = result.file;
  return (
    <Notice severity="success" data-testid="upload-success">
      <NoticeTitle>{f.name} is protected</NoticeTitle>
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, flexWrap: "wrap" }}>
        CID{" "}
        <Box component="span" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }} data-testid="uploaded-cid">
          {f.hash}
        </Box>
        <CopyButton value={f.hash} what="CID" />
      </Box>
      <Box data-testid="uploaded-sizes">
        {formatFileSize(f.size)} plain, {formatFileSize(f.encryptedSize)} stored (ciphertext, header and signature);
        version {f.version}, readable by {f.recipients.join(", ")}.
      </Box>
      <Box data-testid="uploaded-timings">
        Sealed (encrypt + sign) in {durationText(result.timings.sealMs)}, stored as UnixFS blocks in{" "}
        {durationText(result.timings.storeMs)}.
      </Box>
    </Notice>
  );
}

/**
 * Put a file into an isolation: the isolation, the file (its size shown; over the limit it is refused here,
 * before sending), Upload. The server seals it for the isolation's recipients and answers with its CID.
 */
export function UploadForm({ isolations: unordered }: { isolations: readonly IsolationInstance[] }) {
  // newest first: the one just created is the one a file is most likely meant for
  const isolations = [...unordered].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const [isolationId, setIsolationId] = useState(isolations[0]?.id ?? "");
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const upload = useUploadFile();
  const gate = useGate(qIsolatorContract.upload.access);
  // A new isolation appears (or the chosen one is gone): pick one that exists.
  const newest = isolations[0]?.id ?? "";
  const chosenExists = isolations.some((i) => i.id === isolationId);
  useEffect(() => {
    if (!chosenExists) setIsolationId(newest);
  }, [chosenExists, newest]);
  const pick = (picked: File | null) => {
    upload.reset();
    setFile(picked);
    setRefusal(picked ? refuseFile(picked) : null);
  };
  const submit = () => {
    if (!file || !isolationId) return;
    const refused = refuseFile(file);
    if (refused) return setRefusal(refused);
    upload.mutate({ isolationId, file });
  };
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), submit())}
      sx={{ maxWidth: 760 }}
      data-testid="upload-form"
    >
      <Typography variant="h6" component="h2">
        Protect a file
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Files up to {UPLOAD_LIMIT_TEXT}, counted against your wallet's storage quota. The server encrypts each file
        (AES-256-GCM under a key wrapped with ML-KEM for every recipient), signs it with ML-DSA and keeps only the
        ciphertext, content-addressed by its CID.
      </Typography>
      {isolations.length === 0 ? (
        <Typography variant="body2" data-testid="upload-no-isolation">
          Create an isolation first: a file is always protected by one.
        </Typography>
      ) : (
        <>
          <TextField
            select
            id="upload-isolation"
            label="Isolation"
            value={isolationId}
            onChange={(e) => setIsolationId(e.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { "data-testid": "upload-isolation" } }}
            fullWidth
          >
            {isolations.map((i) => (
              <option key={i.id} value={i.id}>
                {i.id} · {levelLabel(i.securityLevel)}
                {i.agency ? ` · ${i.agency}` : ""}
              </option>
            ))}
          </TextField>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileIcon aria-hidden />}
              sx={{ "&:focus-within": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 } }}
            >
              Choose a file
              <Box
                component="input"
                type="file"
                data-testid="upload-file"
                onChange={(e: ChangeEvent<HTMLInputElement>) => pick(e.target.files?.[0] ?? null)}
                sx={visuallyHidden}
              />
            </Button>
            <Typography variant="body2" data-testid="upload-picked" sx={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {file ? `${file.name} · ${formatFileSize(file.size)}` : `No file chosen (up to ${UPLOAD_LIMIT_TEXT})`}
            </Typography>
          </Box>
          {refusal ? (
            <Notice severity="error" data-testid="upload-refused">
              {refusal}
            </Notice>
          ) : null}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={!file || !isolationId || refusal !== null || upload.isPending || !gate.allowed}
              aria-describedby={gate.note ? "upload-access" : undefined}
              data-testid="upload-button"
            >
              {upload.isPending ? "Uploading…" : "Upload"}
            </Button>
            <AccessNote gate={gate} id="upload-access" />
          </Box>
        </>
      )}
      {upload.isSuccess ? <Uploaded result={upload.data} /> : null}
      {upload.isError ? (
        <Notice severity="error" data-testid="upload-error">
          <NoticeTitle>The file was not stored</NoticeTitle>
          {describeError(upload.error)}
        </Notice>
      ) : null}
    </Stack>
  );
}
