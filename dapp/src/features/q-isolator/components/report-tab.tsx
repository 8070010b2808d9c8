import type { ReactNode } from "react";
import { timeText } from "../../../lib/time";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { PartLoading } from "../../../components/lazy-part";
import { QueryState } from "../../../components/page-shell";
import { Pill } from "../../../components/pill";
import { downloadText } from "../../../lib/download";
import type { ComprehensiveReportResponse } from "../api/contract";
import { useComprehensiveReport } from "../api/get-report";
import { levelLabel, percentText } from "../utils/words";

/** What the self-test behind the grade attacked: which isolations and files, with which attacks, run by whom. */
function SelfTest({ report }: { report: ComprehensiveReportResponse }) {
  const t = report.selfTest;
  return (
    <Box
      sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, display: "grid", gap: 1, minWidth: 0 }}
      data-testid="report-self-test"
    >
      <Typography variant="h6" component="h3">
        What the self-test attacked
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="grade-qualifier">
        {report.overview.gradeQualifier}
      </Typography>
      {!t ? (
        <Typography variant="body2">No threat simulation has run yet.</Typography>
      ) : (
        <>
          <Typography variant="body2" data-testid="self-test-run">
            Run {timeText(t.ranAt)} by {t.ranBy}. Attacks: {t.attacks.map((a) => a.label).join("; ")}.
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, typography: "body2" }}>
            {t.isolations.map((i) => (
              <Box
                component="li"
                key={i.isolationId}
                data-testid="self-test-isolation"
                sx={{ overflowWrap: "anywhere" }}
              >
                <Box component="span" sx={{ fontFamily: "monospace" }}>
                  {i.isolationId}
                </Box>{" "}
                ({levelLabel(i.securityLevel)}):{" "}
                {i.canary
                  ? "a sealed canary (no verified file in it)"
                  : i.files.map((f) => `${f.name} (${f.cid})`).join(", ")}
              </Box>
            ))}
          </Box>
          {t.notAttacked > 0 ? (
            <Typography variant="body2">{t.notAttacked} older isolations were not attacked.</Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}

function Figure({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h3">
        {title}
      </Typography>
      <Typography
        variant="h5"
        component="div"
        sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
        data-testid={`${testId}-value`}
      >
        {children}
      </Typography>
    </Box>
  );
}

function Report({ report }: { report: ComprehensiveReportResponse }) {
  const o = report.overview;
  return (
    <Stack spacing={2}>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(4, minmax(0, 1fr))" },
        }}
      >
        <Figure title="Version" testId="report-version">
          {o.version}
        </Figure>
        <Figure title="Quantum Readiness" testId="report-readiness">
          {o.quantumReadiness === null ? "not measured" : percentText(o.quantumReadiness)}
        </Figure>
        <Figure title="Active Isolations" testId="report-active">
          {report.isolationSystems.activeIsolations}
        </Figure>
        <Figure title="Security Grade (self-test)" testId="report-grade">
          {o.securityGrade ?? "not measured"}
        </Figure>
      </Box>
      {o.notMeasured.length ? (
        <Typography variant="body2" data-testid="report-missing">
          Not measured yet: {o.notMeasured.join("; ")}.
        </Typography>
      ) : null}
      <Box
        component="dl"
        sx={{
          m: 0,
          typography: "body2",
          "& dt": { fontWeight: 600 },
          "& dd": { m: 0, mb: 1, color: "text.secondary" },
        }}
        data-testid="report-rules"
      >
        <dt>Quantum Readiness</dt>
        <dd>{report.rules.quantumReadiness}</dd>
        <dt>Security Grade (self-test)</dt>
        <dd>{report.rules.securityGrade}</dd>
      </Box>
      <SelfTest report={report} />
      {/* The spec's panel claims a certification; the product holds none, so it states what is used instead. */}
      <Box
        sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2, display: "grid", gap: 1 }}
        data-testid="algorithms-panel"
      >
        <Typography variant="h6" component="h3">
          Cryptography in use
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, typography: "body2" }}>
          {report.algorithms.map((a) => (
            <li key={a.name} data-testid="report-algorithm">
              <strong>{a.name}</strong> ({a.standard}): {a.use}
            </li>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary" data-testid="certification-statement">
          {report.certificationStatement}
        </Typography>
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Pill size="small" variant="outlined" color="primary" label="Post-Quantum (FIPS 203/204)" />
          <Pill size="small" variant="outlined" color="primary" label="IPFS content-addressed" />
        </Box>
      </Box>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Button
          variant="contained"
          startIcon={<DownloadIcon aria-hidden />}
          onClick={() => downloadText(`q-isolator-report-${report.generatedAt.slice(0, 10)}.md`, report.markdown)}
          data-testid="download-report"
        >
          Download report
        </Button>
        <Typography variant="caption" color="text.secondary">
          Generated {timeText(report.generatedAt)}
        </Typography>
      </Box>
    </Stack>
  );
}

/** Full Report (spec §2 tab 6): a spinner, then the readiness and grade by their rules and what is used. */
export function ReportTab() {
  const report = useComprehensiveReport();
  return (
    <QueryState
      query={report}
      what="the report"
      height={320}
      testId="report"
      skeleton={<PartLoading minHeight={320} label="Loading the report" />}
    >
      {(r) => <Report report={r} />}
    </QueryState>
  );
}
