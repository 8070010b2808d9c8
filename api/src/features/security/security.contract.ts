// The security suite's endpoints (http/endpoint.ts), declared once for the API (security.routes.ts mounts them)
// and the dapp (features/security/api/ calls them): the four individual tests, the comprehensive run and the
// last stored report. The runs are operators' and count as writes (they send hundreds of requests to this API).
import { endpoint } from "../../http/endpoint";
import { SECURITY_KIND_CATEGORY, type SecurityTestKind } from "./security.vocabulary";
import type {
  securityLatestQuery,
  securityLatestResponse,
  securityReport,
  securityTestQuery,
  securityTestResponse,
} from "./security.schemas";

const RUN_ERRORS = ["INVALID_INPUT", "RATE_LIMITED"] as const;

/** One category's test: a GET (no body, no query) that probes this API. */
const test = <const K extends SecurityTestKind>(kind: K) =>
  endpoint<{ query: typeof securityTestQuery; response: typeof securityTestResponse }>()({
    method: "get",
    path: `/api/security/${kind}-test`,
    access: "operator",
    feature: "security",
    summary: `Runs the ${SECURITY_KIND_CATEGORY[kind]} checks of the security suite against this API (over HTTP, probes learnt from GET /api/openapi.json), each with every request sent and what came back`,
    errors: RUN_ERRORS,
    // It sends writes to this API: rate-limited like one.
    write: true,
  });

export const securityContract = {
  authenticationTest: test("authentication"),
  injectionTest: test("injection"),
  xssTest: test("xss"),
  csrfTest: test("csrf"),
  comprehensiveTest: endpoint<{ response: typeof securityReport }>()({
    method: "post",
    path: "/api/security/comprehensive-test",
    access: "operator",
    feature: "security",
    summary:
      "Runs every check of the security suite against this API (≤ 25 s) and stores the report with who ran it: summary computed by the rule in scoringRule (DEPLOYMENT_READY only when every operation was probed or is named out of scope), OWASP API Top 10 2023 / ASVS 4.0.3 map, every probe's evidence, the operations not reached",
    errors: RUN_ERRORS,
    write: true,
  }),
  latest: endpoint<{ query: typeof securityLatestQuery; response: typeof securityLatestResponse }>()({
    method: "get",
    path: "/api/security/latest",
    access: "visitor",
    feature: "security",
    summary:
      "The last comprehensive security report stored, or null before the first run; ?evidence=findings keeps only the evidence entries that hold a finding (a full report is ~800 KB)",
  }),
};

/** Each individual test by its kind (the page and the routes dispatch on the kind). */
export const securityTests = {
  authentication: securityContract.authenticationTest,
  injection: securityContract.injectionTest,
  xss: securityContract.xssTest,
  csrf: securityContract.csrfTest,
} as const satisfies { [K in SecurityTestKind]: { path: `/api/security/${K}-test` } };
