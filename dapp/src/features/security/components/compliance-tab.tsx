import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Notice } from "../../../components/notice";
import type { SecurityReport } from "../api/contract";
import { StatusChip } from "./chips";

type Mapped = SecurityReport["complianceStatus"]["owaspApiTop10"][number];

/** One framework item: its id and name, "n of m mapped checks pass" as the API computed it, and those checks. */
function Item({ item, results, testId }: { item: Mapped; results: SecurityReport["detailedResults"]; testId: string }) {
  const byId = new Map(results.map((r) => [r.id, r]));
  const tone = item.total === 0 ? "text.secondary" : item.passed === item.total ? "success.dark" : "error.dark";
  return (
    <Box
      component="li"
      data-testid={testId}
      data-item={item.id}
      data-passed={item.passed}
      data-total={item.total}
      sx={{ listStyle: "none", borderBottom: 1, borderColor: "divider", py: 1 }}
    >
      <Box
        sx={{
          display: "grid",
          gap: 0.5,
          gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(0, 1fr) auto" },
          alignItems: "baseline",
        }}
      >
        <Typography variant="subtitle2" component="h4" sx={{ overflowWrap: "anywhere" }}>
          {item.id} {item.name}
        </Typography>
        <Typography variant="body2" sx={{ color: tone, fontWeight: 600 }} data-testid={`${testId}-summary`}>
          {item.summary}
        </Typography>
      </Box>
      {item.checks.length ? (
        <Stack component="ul" spacing={0.25} sx={{ m: 0, mt: 0.5, p: 0 }}>
          {item.checks.map((id) => {
            const r = byId.get(id);
            return (
              <Stack
                component="li"
                key={id}
                direction="row"
                spacing={1}
                sx={{ alignItems: "center", listStyle: "none" }}
              >
                {r ? <StatusChip status={r.status} /> : null}
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {r?.testName ?? id}
                </Typography>
              </Stack>
            );
          })}
        </Stack>
      ) : null}
    </Box>
  );
}

/**
 * Compliance status: each OWASP API Security Top 10 (2023) and ASVS item the checks map to, "n of m mapped checks
 * pass" for each and overall, the frameworks this suite does not assess said to be so, and no certification claimed.
 */
export function ComplianceTab({ report }: { report: SecurityReport }) {
  const c = report.complianceStatus;
  return (
    <Stack spacing={2.5} data-testid="compliance-tab">
      <Box>
        <Typography
          variant="h6"
          component="p"
          data-testid="compliance-overall"
          sx={{ color: c.overall.passed === c.overall.total ? "success.dark" : "error.dark" }}
        >
          {c.overall.summary}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A mapping of this suite&apos;s checks to the framework items they test; it measures those items only.
        </Typography>
      </Box>
      <Notice severity="info" role="note" data-testid="no-certification">
        <Box component="span" sx={{ fontWeight: 600 }}>
          Certifications held or claimed:
        </Box>{" "}
        {c.certifications}
      </Notice>
      <Box>
        <Typography variant="h6" component="h3">
          OWASP API Security Top 10 (2023)
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {c.owaspApiTop10.map((i) => (
            <Item key={i.id} item={i} results={report.detailedResults} testId="owasp-item" />
          ))}
        </Box>
      </Box>
      <Box>
        <Typography variant="h6" component="h3">
          OWASP ASVS 4.0.3
        </Typography>
        <Box component="ul" sx={{ m: 0, p: 0 }}>
          {c.asvs.map((i) => (
            <Item key={i.id} item={i} results={report.detailedResults} testId="asvs-item" />
          ))}
        </Box>
      </Box>
      <Box data-testid="not-assessed">
        <Typography variant="h6" component="h3">
          Not assessed by this suite
        </Typography>
        {(
          [
            ["NIST framework", c.nistFramework.note],
            ["CISA controls", c.cisaControls.note],
            ["NSA standards", c.nsaStandards.note],
          ] as const
        ).map(([name, note]) => (
          <Typography key={name} variant="body2" sx={{ overflowWrap: "anywhere" }}>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {name}:
            </Box>{" "}
            {note}
          </Typography>
        ))}
      </Box>
    </Stack>
  );
}
