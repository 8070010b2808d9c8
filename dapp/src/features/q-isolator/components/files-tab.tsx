import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import type { VibecoinsFilesResponse } from "../api/contract";
import { useProtectedFiles } from "../api/get-files";
import { useIsolatorStatus } from "../api/get-status";
import { RULES } from "../constants";
import { percentText } from "../utils/words";
import { FileCard } from "./file-card";
import { LevelBadge } from "./level-badge";
import { SummaryCard } from "./summary-cards";

function Files({ data }: { data: VibecoinsFilesResponse }) {
  // each isolation's ML-DSA verification key: what the browser checks an envelope's signature with
  const status = useIsolatorStatus();
  const keys = new Map(status.data?.isolationInstances.map((i) => [i.id, i.verificationKey]) ?? []);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box
        sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "repeat(3, minmax(0, 1fr))" } }}
      >
        <SummaryCard titleComponent="h3" title="Total Files" testId="total-files" value={data.totalFiles} />
        {/* The spec shows a fixed 100%; this is the API's count of files that are post-quantum and verify now. */}
        <SummaryCard
          titleComponent="h3"
          title="Quantum Secured"
          note={RULES.quantumSecured}
          testId="quantum-secured"
          value={percentText(data.quantumSecuredPercent)}
        />
        <SummaryCard
          titleComponent="h3"
          title="Protection Level"
          note={data.quantumProtection.rule}
          testId="protection-level"
          value={data.quantumProtection.level ? <LevelBadge level={data.quantumProtection.level} /> : "none yet"}
        />
      </Box>
      <Box
        sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" } }}
      >
        {data.files.map((f) => (
          <FileCard
            key={f.hash}
            file={f}
            gatewayUrl={data.gatewayUrl}
            verificationKey={keys.get(f.isolationId) ?? null}
          />
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
