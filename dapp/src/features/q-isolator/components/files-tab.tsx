import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import type { VibecoinsFilesResponse } from "../../../types/api";
import { useProtectedFiles } from "../api/get-files";
import { RULES } from "../constants";
import { percentText } from "../utils/words";
import { FileCard } from "./file-card";
import { LevelBadge } from "./level-badge";

function Total({ title, children, note, testId }: { title: string; children: ReactNode; note?: string; testId: string }) {
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {title}
      </Typography>
      <Typography variant="h5" component="div" sx={{ fontWeight: 600 }} data-testid={`${testId}-value`}>
        {children}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

function Files({ data }: { data: VibecoinsFilesResponse }) {
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(3, minmax(0, 1fr))" } }}>
        <Total title="Total Files" testId="total-files">
          {data.totalFiles}
        </Total>
        {/* The spec shows a fixed 100%; this is the API's count of files that are post-quantum and verify now. */}
        <Total title="Quantum Secured" note={RULES.quantumSecured} testId="quantum-secured">
          {percentText(data.quantumSecuredPercent)}
        </Total>
        <Total title="Protection Level" note={data.quantumProtection.rule} testId="protection-level">
          {data.quantumProtection.level ? <LevelBadge level={data.quantumProtection.level} /> : "none yet"}
        </Total>
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}>
        {data.files.map((f) => (
          <FileCard key={f.hash} file={f} gatewayUrl={data.gatewayUrl} />
        ))}
      </Box>
    </Box>
  );
}

/** VibeCoins Files (spec §2 tab 3): a spinner, then the totals and every protected file. */
export function FilesTab({ onUpload }: { onUpload: () => void }) {
  const files = useProtectedFiles();
  return (
    <QueryState
      query={files}
      what="the protected files"
      height={240}
      testId="files"
      skeleton={<PartLoading minHeight={240} label="Loading the protected files" />}
      isEmpty={(d) => d.files.length === 0}
      empty={{
        message: "No protected file yet. Put one into an isolation on the Isolations tab.",
        action: (
          <Button variant="contained" onClick={onUpload} data-testid="go-upload">
            Protect a file
          </Button>
        ),
      }}
    >
      {(d) => <Files data={d} />}
    </QueryState>
  );
}
