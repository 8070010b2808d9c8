import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Pill } from "../../../components/pill";
import type { PenCheck } from "../api/contract";
import { AssessmentPanel, SectionTitle } from "./assessment-panel";
import { ExchangeView } from "./exchange-view";
import { SuiteView } from "./suite-view";

/** A check: passed or failed, why, and every request it sent with what came back (folded). */
function Check({ c }: { c: PenCheck }) {
  return (
    <Box
      component="li"
      data-testid="pen-check"
      data-check={c.id}
      data-passed={c.passed}
      sx={{ py: 1, borderTop: 1, borderColor: "divider", minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Pill size="small" label={c.passed ? "Pass" : "Fail"} color={c.passed ? "success" : "error"} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {c.label}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
        {c.detail}
      </Typography>
      {c.evidence.length > 0 ? (
        <Box component="details" sx={{ mt: 0.5 }}>
          <Box component="summary" sx={{ cursor: "pointer", typography: "body2", color: "primary.main" }}>
            Evidence: {c.evidence.length} request{c.evidence.length === 1 ? "" : "s"}
          </Box>
          {c.evidence.map((x, i) => (
            <ExchangeView key={i} x={x} />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

/** Penetration testing: the security suite's active probes, then our own checks (rate limit, headers, Host allow-list, 405, 413, CORS). */
export function PenetrationTestingTab() {
  return (
    <AssessmentPanel
      kind="penetration-testing"
      what="The security suite's active probes against this API, plus checks of the write rate limit, the security headers, the Host allow-list, wrong methods, oversized bodies and CORS, each with the requests it sent."
      detail={(r) => (
        <Stack spacing={2.5}>
          <Box>
            <SectionTitle>
              Checks ({r.detail.checks.filter((c) => c.passed).length} of {r.detail.checks.length} pass)
            </SectionTitle>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
              Target: {r.detail.target}
            </Typography>
            <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
              {[...r.detail.checks]
                .sort((a, b) => Number(a.passed) - Number(b.passed))
                .map((c) => (
                  <Check key={c.id} c={c} />
                ))}
            </Box>
          </Box>
          <Box>
            <SectionTitle>Security suite</SectionTitle>
            <SuiteView suite={r.detail.suite} />
          </Box>
        </Stack>
      )}
    />
  );
}
