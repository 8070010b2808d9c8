import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { SecurityAuditResult } from "../api/contract";
import { formatDuration, formatWhen } from "../utils/readiness";
import { AssessmentPanel, Facts, SectionTitle } from "./assessment-panel";
import { SuiteView } from "./suite-view";

function Solhint({ s }: { s: SecurityAuditResult["detail"]["solhint"] }) {
  return (
    <Box data-testid="solhint">
      <SectionTitle>solhint</SectionTitle>
      {s.ran ? (
        <Facts
          testId="solhint"
          items={[
            [
              "Errors",
              <Box component="span" key="e" sx={{ color: s.errors ? "error.dark" : undefined, fontWeight: 600 }}>
                {s.errors}
              </Box>,
            ],
            ["Warnings", String(s.warnings)],
            ["Files", String(s.files)],
            ["Command", <code key="c">{s.command}</code>],
          ]}
        />
      ) : null}
      <Typography variant="body2" color={s.ran ? "text.secondary" : "warning.dark"} sx={{ overflowWrap: "anywhere" }}>
        {s.ran ? s.detail : `Not run: ${s.detail}`}
      </Typography>
      {s.findings.length > 0 ? (
        <Box component="details" sx={{ mt: 0.5 }}>
          <Box component="summary" sx={{ cursor: "pointer", typography: "body2", color: "primary.main" }}>
            {s.findings.length} finding{s.findings.length === 1 ? "" : "s"}
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {s.findings.map((f, i) => (
              <Box
                component="li"
                key={i}
                data-testid="solhint-finding"
                sx={{ typography: "body2", overflowWrap: "anywhere" }}
              >
                <Box
                  component="span"
                  sx={{ color: f.severity === "error" ? "error.dark" : "warning.dark", fontWeight: 600 }}
                >
                  {f.severity}
                </Box>{" "}
                {f.file}
                {f.line !== null ? `:${f.line}` : ""} · {f.ruleId} · {f.message}
              </Box>
            ))}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

function Properties({ p }: { p: SecurityAuditResult["detail"]["contractProperties"] }) {
  const r = p.record;
  return (
    <Box data-testid="contract-properties" data-recorded={p.recorded}>
      <SectionTitle>Contract property tests</SectionTitle>
      {r ? (
        <Facts
          testId="properties"
          items={[
            [
              "Result",
              <Box component="span" key="r" sx={{ color: r.passed ? "success.dark" : "error.dark", fontWeight: 600 }}>
                {r.passed ? "passed" : "failed"}
              </Box>,
            ],
            ["Tests", `${r.tests - r.failed} of ${r.tests} passed`],
            ["Recorded", formatWhen(r.recordedAt)],
            ...(r.durationMs !== undefined ? ([["Took", formatDuration(r.durationMs)]] as const) : []),
            ...(r.commit ? ([["Commit", r.commit]] as const) : []),
            ["Source", r.source],
          ]}
        />
      ) : null}
      <Typography
        variant="body2"
        color={r ? "text.secondary" : "warning.dark"}
        data-testid="properties-detail"
        sx={{ overflowWrap: "anywhere" }}
      >
        {p.detail}
      </Typography>
    </Box>
  );
}

function Dependencies({ d }: { d: SecurityAuditResult["detail"]["dependencies"] }) {
  const v = d.vulnerabilities;
  return (
    <Box data-testid="dependency-audit" data-audited={d.audited}>
      <SectionTitle>Dependency audit</SectionTitle>
      {d.audited && v ? (
        <Facts
          testId="advisories"
          items={[
            ["Critical", String(v.critical)],
            ["High", String(v.high)],
            ["Moderate", String(v.moderate)],
            ["Low", String(v.low)],
            ["Dependencies", d.dependencies === null ? "—" : String(d.dependencies)],
          ]}
        />
      ) : null}
      <Typography
        variant="body2"
        color={d.audited ? "text.secondary" : "warning.dark"}
        data-testid="dependency-detail"
        sx={{ overflowWrap: "anywhere" }}
      >
        {d.detail}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: "anywhere" }}>
        <code>{d.command}</code> · registry {d.registry}
      </Typography>
      {d.advisories.length > 0 ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {d.advisories.map((a, i) => (
            <Box component="li" key={i} data-testid="advisory" sx={{ typography: "body2", overflowWrap: "anywhere" }}>
              {a.name} ({a.severity}): {a.title}
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** Security audit: the security suite, solhint, the contract property tests' record, the dependency audit. */
export function SecurityAuditTab() {
  return (
    <AssessmentPanel
      kind="security-audit"
      what="Runs the security suite against this API, solhint over the contracts, reads the contract property tests' last record, and audits the production dependencies against the npm advisory service."
      detail={(r) => (
        <Stack spacing={2.5}>
          <Box>
            <SectionTitle>Security suite</SectionTitle>
            <SuiteView suite={r.detail.suite} />
          </Box>
          <Solhint s={r.detail.solhint} />
          <Properties p={r.detail.contractProperties} />
          <Dependencies d={r.detail.dependencies} />
        </Stack>
      )}
    />
  );
}
