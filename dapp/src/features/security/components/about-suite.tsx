import Box from "@mui/material/Box";
import { Skeleton } from "../../../components/skeleton";
import Typography from "@mui/material/Typography";
import { lazyPart } from "../../../components/lazy-part";
import { ranByWords } from "../../../components/session/ran-by";
import type { SecurityReport } from "../api/contract";
import { formatRunTime, formatSeconds } from "../utils/words";

// Before any report, the rule comes from the API's constants module (see utils/vocabulary.ts: not in the first load).
const ApiScoringRule = lazyPart(() => import("./api-scoring-rule").then((m) => m.ApiScoringRule), {
  name: "The scoring rule",
  fallback: null,
});

/** The rule's height measured at the narrowest width of each breakpoint (390, 600, 900 and 1200 px). */
const RULE_HEIGHT = { xs: 200, sm: 120, md: 80, lg: 60 };
/** The last run's line, likewise: a skeleton, then one line or the run with who ran it and its coverage (seven lines at 390 px, three at 1280). */
const LAST_RUN_HEIGHT = { xs: 140, sm: 100, md: 60 };

/** The last comprehensive run: when, how long, how many requests, against what, and how much of the API it covered. */
function LastRun({ report, loading }: { report: SecurityReport | null | undefined; loading: boolean }) {
  if (loading) return <Skeleton variant="text" width="80%" />;
  if (!report) return <span data-testid="last-run-none">No comprehensive run stored yet.</span>;
  const c = report.coverage;
  return (
    <span data-testid="last-run">
      Last comprehensive run: <time dateTime={report.ranAt}>{formatRunTime(report.ranAt)}</time>{" "}
      {ranByWords(report.ranBy)} · {formatSeconds(report.durationMs)} · {report.requestsSent} requests · target{" "}
      {report.target} · {c.operationsReached} of {c.operations} operations from the OpenAPI document reached
      {c.unprobed.length
        ? ` (${c.unprobed.filter((u) => u.outOfScope).length} out of scope, ${c.unprobed.filter((u) => !u.outOfScope).length} not reached)`
        : ""}
      , {c.fieldsProbed} of {c.fields} fields probed
    </span>
  );
}

/**
 * What the suite does (real probes over HTTP, learned from the API's OpenAPI document), the last run, and the scoring
 * rule in the API's words (the report's own, or the API's constant before any run): no figure here is fixed.
 */
export function AboutSuite({ report, loading }: { report: SecurityReport | null | undefined; loading: boolean }) {
  return (
    <Box data-testid="about-suite">
      <Typography variant="body2">
        Each test sends real HTTP requests to this API: the suite reads the API&apos;s own OpenAPI document (
        <code>GET /api/openapi.json</code>) to learn every endpoint and field, as ZAP&apos;s API scan does, then tries
        forged sign-ins, injection payloads, reflected scripts and cross-site writes against each and records every
        request with what came back. These buttons only ever probe this API; nothing you send chooses a target.
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        component="div"
        sx={{ mt: 1, minHeight: LAST_RUN_HEIGHT, overflowWrap: "anywhere" }}
      >
        <LastRun report={report} loading={loading} />
      </Typography>
      {/* Its height is kept from the first paint (the rule's text at each width), so nothing moves when it arrives. */}
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        data-testid="about-scoring-rule"
        sx={{ mt: 1, overflowWrap: "anywhere", minHeight: RULE_HEIGHT }}
      >
        Scoring rule (the API&apos;s): {loading ? null : report ? report.scoringRule : <ApiScoringRule />}
      </Typography>
    </Box>
  );
}
