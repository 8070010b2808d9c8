import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CopyButton } from "../../../components/copy-button";
import type { SecurityEvidence } from "../api/contract";

/** Shown at first; the rest on request (an injection check sends hundreds of probes). Findings come first. */
const FIRST = 20;

const headersText = (h: Record<string, string>) =>
  Object.entries(h)
    .map(([k, v]) => `${k}: ${v}`)
    .join("\n");

/** One exchange as plain text (what the copy button copies): the request as sent, then what came back. */
export function evidenceText(e: SecurityEvidence): string {
  const req = [
    `${e.request.method} ${e.request.path}`,
    headersText(e.request.headers),
    e.request.body ? `\n${e.request.body}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const res = e.response
    ? [
        `HTTP ${e.response.status} (${e.response.durationMs} ms)`,
        headersText(e.response.headers),
        e.response.body ? `\n${e.response.body}` : "",
      ]
        .filter(Boolean)
        .join("\n")
    : `No answer: ${e.error ?? "unknown"}`;
  return [`# ${e.probe}`, e.finding ? `# FINDING: ${e.finding}` : "# as expected", "", req, "", res].join("\n");
}

const Pre = ({ children, testId }: { children: string; testId?: string }) => (
  <Box
    component="pre"
    data-testid={testId}
    sx={{
      m: 0,
      p: 1,
      bgcolor: "grey.100",
      borderRadius: 1,
      fontSize: "0.75rem",
      whiteSpace: "pre-wrap",
      overflowWrap: "anywhere",
      wordBreak: "break-word",
      maxHeight: 240,
      overflowY: "auto",
    }}
  >
    {children}
  </Box>
);

function Exchange({ e }: { e: SecurityEvidence }) {
  return (
    <Box
      component="li"
      data-testid="evidence-item"
      data-finding={e.finding !== null}
      sx={{ listStyle: "none", borderLeft: 3, borderColor: e.finding ? "error.main" : "divider", pl: 1.5, py: 0.5 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start", justifyContent: "space-between" }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
            {e.probe}
          </Typography>
          {e.finding ? (
            <Typography
              variant="body2"
              color="error.dark"
              data-testid="evidence-finding"
              sx={{ overflowWrap: "anywhere" }}
            >
              Finding: {e.finding}
            </Typography>
          ) : (
            <Typography variant="caption" color="text.secondary">
              Answered as it should
            </Typography>
          )}
        </Box>
        <CopyButton value={evidenceText(e)} what="this request and its answer" />
      </Stack>
      <Box
        sx={{
          display: "grid",
          gap: 1,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" },
          mt: 0.5,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            Sent
          </Typography>
          <Pre testId="evidence-request">
            {[`${e.request.method} ${e.request.path}`, headersText(e.request.headers), e.request.body ?? ""]
              .filter(Boolean)
              .join("\n")}
          </Pre>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="div">
            Came back
          </Typography>
          <Pre testId="evidence-response">
            {e.response
              ? [
                  `HTTP ${e.response.status} · ${e.response.durationMs} ms`,
                  headersText(e.response.headers),
                  e.response.body,
                ]
                  .filter(Boolean)
                  .join("\n")
              : `No answer: ${e.error ?? "unknown"}`}
          </Pre>
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Every request a check sent and what came back: findings first, the first 20 shown and the rest on request,
 * each copyable as text, and all of them as JSON.
 */
export function EvidenceView({ evidence, testName }: { evidence: readonly SecurityEvidence[]; testName: string }) {
  const [all, setAll] = useState(false);
  const ordered = [...evidence.filter((e) => e.finding !== null), ...evidence.filter((e) => e.finding === null)];
  const shown = all ? ordered : ordered.slice(0, FIRST);
  if (evidence.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="evidence-none">
        No request was sent for this check (see why above).
      </Typography>
    );
  }
  return (
    <Box data-testid="evidence">
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="caption" color="text.secondary">
          {evidence.length} request{evidence.length === 1 ? "" : "s"} sent · copy all as JSON
        </Typography>
        <CopyButton value={JSON.stringify({ testName, evidence }, null, 2)} what={`all evidence of ${testName}`} />
      </Stack>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
        {shown.map((e, i) => (
          <Exchange key={i} e={e} />
        ))}
      </Stack>
      {ordered.length > shown.length ? (
        <Button size="small" onClick={() => setAll(true)} data-testid="evidence-show-all" sx={{ mt: 1 }}>
          Show all {ordered.length} requests
        </Button>
      ) : null}
    </Box>
  );
}
