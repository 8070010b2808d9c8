import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import { PROFESSIONAL_KINDS, PROFESSIONAL_LABELS, type ProfessionalKind } from "../constants";
import { useLastResult } from "../api/run-assessment";

function RawResult({ kind }: { kind: ProfessionalKind }) {
  const result = useLastResult(kind);
  const label = PROFESSIONAL_LABELS[kind];
  const text = result ? JSON.stringify(result, null, 2) : null;
  return (
    <Box data-testid={`raw-${kind}`} data-present={result !== null}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        {text ? <CopyButton value={text} what={`the ${label} result as JSON`} /> : null}
      </Stack>
      {text ? (
        <Box
          component="pre"
          tabIndex={0}
          aria-label={`${label} result as JSON`}
          sx={{
            m: 0,
            p: 1.5,
            maxHeight: 360,
            overflow: "auto",
            bgcolor: "grey.100",
            borderRadius: 1,
            fontSize: "0.75rem",
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
          }}
        >
          {text}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Not run from this page yet.
        </Typography>
      )}
    </Box>
  );
}

/** Detailed Results (spec: the raw JSON of each result): the last answer of each assessment, copyable. */
export function DetailedResultsTab() {
  return (
    <Stack spacing={2.5} data-testid="detailed-results">
      <Typography variant="body2" color="text.secondary">
        Each assessment's last answer as the API sent it.
      </Typography>
      {PROFESSIONAL_KINDS.map((k) => (
        <RawResult key={k} kind={k} />
      ))}
    </Stack>
  );
}
