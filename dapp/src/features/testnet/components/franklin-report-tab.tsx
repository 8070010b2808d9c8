import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutlined";
import DownloadIcon from "@mui/icons-material/Download";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import RefreshIcon from "@mui/icons-material/Refresh";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import { QueryState } from "../../../components/page-shell";
import { shortenHex } from "../../../lib/format";
import { timeText } from "../../../lib/time";
import { NO_ENDORSEMENT } from "../constants";
import type { FranklinReport, FranklinReportResponse } from "../api/contract";
import { useFranklinReport } from "../api/get-franklin-report";
import { downloadText } from "../../../lib/download";
import { formatScore, franklinWord, scoreTone } from "../utils/readiness";
import { toastReportGenerated } from "../utils/toasts";
import { CardGrid } from "./card-grid";
import { StatCard } from "./stat-card";

function Summary({ report }: { report: FranklinReport }) {
  const s = report.summary;
  return (
    <CardGrid testId="report-summary">
      <Box sx={{ minWidth: 0 }}>
        <StatCard
          testId="report-score"
          title="Readiness score"
          value={`${formatScore(s.readinessScore)}%`}
          valueColor={`${scoreTone(s.readinessScore)}.dark`}
          measures="The share of the checks below that pass."
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <StatCard
          testId="report-ready"
          title="Franklin readiness"
          value={franklinWord(s.franklinTempletonReady)}
          measures="YES when every check passes."
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <StatCard
          testId="report-checks"
          title="Checks passed"
          value={`${s.checksPassed} of ${s.checksTotal}`}
          measures="Each listed with its evidence below."
        />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <StatCard
          testId="report-network"
          title="Network"
          value={s.network}
          measures={`Chain ${s.chainId}${s.chainInstance ? ` · instance ${shortenHex(s.chainInstance, 10, 6)}` : ""}`}
        />
      </Box>
    </CardGrid>
  );
}

/** The capability lists: each section's items, ready or pending, with what decided it. */
function Capabilities({ report }: { report: FranklinReport }) {
  return (
    <CardGrid columns={2}>
      {report.sections.map((section) => (
        <Box key={section.title} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2, height: "100%" }} data-testid="report-section">
            <Typography variant="h6" component="h3" gutterBottom>
              {section.title}
            </Typography>
            <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
              {section.items.map((item) => (
                <Box
                  component="li"
                  key={item.label}
                  data-testid="report-item"
                  data-status={item.status}
                  sx={{ display: "flex", gap: 1, py: 0.75 }}
                >
                  <Box
                    sx={{
                      color: item.status === "ready" ? "success.dark" : "text.secondary",
                      display: "flex",
                      pt: 0.25,
                    }}
                  >
                    {item.status === "ready" ? (
                      <CheckCircleOutlineIcon fontSize="small" aria-hidden />
                    ) : (
                      <HourglassEmptyIcon fontSize="small" aria-hidden />
                    )}
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {item.label} —{" "}
                      <Box component="span" sx={{ color: item.status === "ready" ? "success.dark" : "text.secondary" }}>
                        {item.status === "ready" ? "Ready" : "Pending"}
                      </Box>
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                      {item.detail}
                    </Typography>
                    {item.evidence.length > 0 ? (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ overflowWrap: "anywhere", fontFamily: "monospace" }}
                      >
                        {item.evidence
                          .map((e) => (/^0x[0-9a-fA-F]{64}$/.test(e) ? shortenHex(e, 10, 8) : e))
                          .join(", ")}
                      </Typography>
                    ) : null}
                  </Box>
                </Box>
              ))}
            </Box>
          </Paper>
        </Box>
      ))}
    </CardGrid>
  );
}

function Report({
  data,
  generating,
  onGenerate,
}: {
  data: FranklinReportResponse;
  generating: boolean;
  onGenerate: () => void;
}) {
  const { report } = data;
  return (
    <Stack spacing={3} data-testid="franklin-report">
      <Box>
        <Typography variant="h5" component="h2">
          {report.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Generated {timeText(report.generatedAt)} from the checks on this chain instance.
        </Typography>
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon aria-hidden />}
          onClick={() => downloadText(data.filename, data.markdown)}
          data-testid="download-report"
        >
          Download
        </Button>
        <Button
          variant="outlined"
          startIcon={<RefreshIcon aria-hidden />}
          onClick={onGenerate}
          disabled={generating}
          data-testid="generate-report"
        >
          {generating ? "Generating…" : "Generate again"}
        </Button>
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ alignSelf: { sm: "center" }, overflowWrap: "anywhere" }}
        >
          Markdown, {data.filename}
        </Typography>
      </Stack>
      <Box>
        <Typography variant="h6" component="h3" gutterBottom>
          Readiness summary
        </Typography>
        <Summary report={report} />
      </Box>
      <Box>
        <Typography variant="h6" component="h3" gutterBottom>
          Capabilities
        </Typography>
        <Capabilities report={report} />
      </Box>
    </Stack>
  );
}

/** Our readiness report in the spec's layout (summary, capability lists), downloadable; no endorsement claimed. */
export function FranklinReportTab() {
  const report = useFranklinReport();
  const generate = async () => {
    const r = await report.refetch();
    if (r.data && !r.isError) toastReportGenerated(r.data.filename);
  };
  return (
    <Stack spacing={2}>
      <Notice severity="info" role="note" data-testid="report-no-endorsement">
        {report.data?.report.disclaimer ?? NO_ENDORSEMENT}
      </Notice>
      <QueryState query={report} what="the readiness report" height={480} testId="report">
        {(data) => <Report data={data} generating={report.isFetching} onGenerate={() => void generate()} />}
      </QueryState>
    </Stack>
  );
}
